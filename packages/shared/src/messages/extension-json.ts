/** Reading a message's extensions text against the schema of its content type. */
import type { z } from "zod";

/**
 * Parses an extensions text and checks it against a schema.
 * @param schema - the content type's extension schema (with its `contentType` field).
 * @param json - the message's extensions text.
 * @returns the fields without `contentType`, or null when the text is missing, not JSON or not of that shape.
 */
export function parseExtensionJson<T extends { contentType: unknown }>(
  schema: z.ZodType<T>,
  json: string | null | undefined,
): Omit<T, "contentType"> | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return null;
  const { contentType: _type, ...fields } = parsed.data;
  return fields;
}
