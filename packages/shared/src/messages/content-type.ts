/** Message `extension.contentType` values (spec §3). */

/** Content types: talk text, file, member events and alarm/news entries. */
export const CONTENT_TYPES = [
  "TALK",
  "FILE",
  "INVITE",
  "EXIT",
  "BAN",
  "DELEGATE",
  "ALROOM",
] as const;

/** A message content type. */
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Content types that change room membership (handled as member events, not shown as chat bubbles). */
export const MEMBER_EVENT_CONTENT_TYPES: readonly ContentType[] = [
  "INVITE",
  "EXIT",
  "BAN",
  "DELEGATE",
];

/**
 * Tells whether a value is a known content type.
 * @param value - e.g. the parsed `extension.contentType`.
 * @returns true for one of {@link CONTENT_TYPES}.
 */
export function isContentType(value: unknown): value is ContentType {
  return (
    typeof value === "string" &&
    (CONTENT_TYPES as readonly string[]).includes(value)
  );
}
