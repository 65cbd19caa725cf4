/** The text of a user's avatar when they have no photo (the same in every list, card and header). */

const graphemes = new Intl.Segmenter("ko", { granularity: "grapheme" });

/**
 * The short form of a name: a Korean name's given name (민수 of 김민수, as colleagues call each other), else the
 * initials of the first two words.
 * @param name - the user's name.
 * @returns one or two characters ("?" for a blank name).
 */
export function avatarText(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return "?";
  // Hangul syllables are single UTF-16 units, so slicing is safe here.
  if (/^[\uac00-\ud7a3]+$/.test(trimmed))
    return trimmed.length >= 3 ? trimmed.slice(-2) : trimmed;
  return trimmed
    .split(/\s+/)
    .slice(0, 2)
    .map(
      (word) =>
        graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? "",
    )
    .map((letter) => letter.toUpperCase())
    .join("");
}
