/**
 * In-room search (spec §2.11, §5): the typed text is matched literally and case-insensitively; blank text does
 * nothing. Match ranges are UTF-16 indices, ready for `String.prototype.slice` when highlighting.
 */

/** A match in a text: `[start, end)` in UTF-16 code units. */
export type MatchRange = { readonly start: number; readonly end: number };

/**
 * Escapes regular-expression syntax so text matches literally (valid with the `u` flag).
 * @param text - any text.
 * @returns the text with `\ ^ $ . * + ? ( ) [ ] { } | /` escaped.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

/**
 * Builds the search pattern from the typed text (NFC, trimmed).
 * @param query - the typed search text.
 * @returns a case-insensitive literal pattern (flags `iu`), or null when the text is blank.
 */
export function buildSearchPattern(query: string): RegExp | null {
  const text = query.normalize("NFC").trim();
  return text === "" ? null : new RegExp(escapeRegExp(text), "iu");
}

/**
 * Finds every non-overlapping match of a pattern in a text.
 * @param text - the text searched, e.g. a message.
 * @param pattern - a pattern from {@link buildSearchPattern}, or null (no search).
 * @returns the match ranges in order; empty for no pattern or no match.
 */
export function findMatchRanges(
  text: string,
  pattern: RegExp | null,
): MatchRange[] {
  if (!pattern) return [];
  // A fresh global copy: matchAll needs `g`, and sharing lastIndex with the caller's pattern would be a trap.
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
  );
  const ranges: MatchRange[] = [];
  for (const match of text.matchAll(global)) {
    if (match[0] === "") continue;
    ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

/**
 * Moves the current match for next/previous, wrapping around at either end.
 * @param current - the current match index, or -1 when none is selected yet.
 * @param total - how many matches there are.
 * @param direction - `next` or `previous`.
 * @returns the new index, or -1 when there are no matches.
 */
export function stepMatchIndex(
  current: number,
  total: number,
  direction: "next" | "previous",
): number {
  if (total <= 0) return -1;
  if (current < 0 || current >= total)
    return direction === "next" ? 0 : total - 1;
  return (current + (direction === "next" ? 1 : -1) + total) % total;
}

/**
 * Name search for rooms, friends and the org tree: case-insensitive substring; blank text matches everything.
 * @param name - the name searched.
 * @param query - the typed search text.
 * @returns true when the name contains the text.
 */
export function matchesName(name: string, query: string): boolean {
  const text = query.trim().normalize("NFC").toLocaleLowerCase();
  return (
    text === "" || name.normalize("NFC").toLocaleLowerCase().includes(text)
  );
}

/**
 * Lower-cases one character as the server's message search index does (PostgreSQL's lower(), character by character).
 * Unicode lower-cases "İ" (U+0130) to "i" and a combining dot, the one mapping that adds a character; the database
 * gives a plain "i", so a query must too, or it would look for two characters where the index holds one.
 * @param char - one code point.
 * @returns its lower case as the index holds it.
 */
export function lowerAsIndexed(char: string): string {
  return char === "\u0130" ? "i" : char.toLowerCase();
}
