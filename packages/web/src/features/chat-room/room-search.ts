/**
 * In-room search (spec §2.11, §5): every match in the loaded messages' texts, in time order, so next/previous can step
 * through them and the list can highlight them all and the current one apart.
 */
import { findMatchRanges, type MatchRange } from "@moa/shared";
import { messageText, type RoomMessage } from "./room-message";

/** A match: the message it is in and its range in that message's text. */
export type SearchHit = MatchRange & { readonly messageKey: string };

/**
 * Finds every match of a pattern in the talk messages' texts (deleted ones have none; file names show in the file
 * body, which does not highlight).
 * @param messages - the loaded messages, oldest first.
 * @param pattern - from `buildSearchPattern`, or null when the search text is blank.
 * @returns the hits, oldest first.
 */
export function findHits(
  messages: readonly RoomMessage[],
  pattern: RegExp | null,
): SearchHit[] {
  if (!pattern) return [];
  return messages.flatMap((message) =>
    message.contentType === "TALK"
      ? findMatchRanges(messageText(message), pattern).map((range) => ({
          ...range,
          messageKey: message.key,
        }))
      : [],
  );
}

/** The hits of each message, for highlighting. */
export function hitsByMessage(
  hits: readonly SearchHit[],
): ReadonlyMap<string, readonly SearchHit[]> {
  const map = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const list = map.get(hit.messageKey);
    if (list) list.push(hit);
    else map.set(hit.messageKey, [hit]);
  }
  return map;
}
