/**
 * Character counting and cutting used by every length rule. A "character" is one Unicode code point
 * of the NFC-normalised text, so a Hangul syllable or an emoji counts once and is never split in half.
 */

/** Appended when text is cut (reply quote, trims, long-message preview). */
export const ELLIPSIS = "...";

/**
 * Counts user-perceived characters as code points of the NFC form (decomposed Hangul jamo compose to one syllable).
 * @param text - any string.
 * @returns the number of code points after NFC normalisation.
 */
export function countCharacters(text: string): number {
  // Array.from iterates code points, so a surrogate pair (emoji) counts once.
  return Array.from(text.normalize("NFC")).length;
}

/**
 * Cuts text to at most `max` characters (code points, NFC) and appends `suffix` only when something was cut.
 * @param text - the text to cut.
 * @param max - how many characters to keep; must be a non-negative integer.
 * @param suffix - what marks the cut; {@link ELLIPSIS} by default.
 * @returns the NFC text unchanged when it fits, else its first `max` characters plus `suffix`.
 */
export function truncateCharacters(
  text: string,
  max: number,
  suffix: string = ELLIPSIS,
): string {
  const chars = Array.from(text.normalize("NFC"));
  if (chars.length <= max) return chars.join("");
  return chars.slice(0, Math.max(0, max)).join("") + suffix;
}

/**
 * Joins the lines of a text with single spaces, for one-line previews and quotes.
 * @param text - any text.
 * @returns the text on one line, without leading or trailing blanks.
 */
export function toSingleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}
