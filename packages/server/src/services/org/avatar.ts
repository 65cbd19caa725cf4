/** Generated profile pictures: an SVG circle in a colour derived from the user id with the name's short form. */

const PALETTE = [
  "#4F7CAC",
  "#5A9E6F",
  "#C2714F",
  "#8E6BB0",
  "#C9A13B",
  "#3C9A9A",
  "#B5577A",
  "#6B7F99",
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) =>
      ({
        "<": "&lt;",
        ">": "&gt;",
        "&": "&amp;",
        '"': "&quot;",
        "'": "&apos;",
      })[c] ?? c,
  );

/**
 * The text shown in an avatar: for a Korean name the given name (e.g. 민수 of 김민수), else initials.
 * @returns one to two characters.
 */
export function avatarText(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return "?";
  // Hangul syllables are single UTF-16 units, so slicing is safe here.
  if (/^[\uac00-\ud7a3]+$/.test(trimmed))
    return trimmed.length >= 3 ? trimmed.slice(-2) : trimmed;
  const graphemes = (w: string) =>
    Array.from(segmenter.segment(w), (s) => s.segment);
  return trimmed
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => graphemes(w)[0]?.toUpperCase() ?? "")
    .join("");
}

const segmenter = new Intl.Segmenter("ko", { granularity: "grapheme" });

/**
 * Renders the avatar.
 * @param userId picks the colour, stable per user.
 * @param name the user's name.
 * @returns SVG markup, 96×96.
 */
export function renderAvatarSvg(userId: number, name: string): string {
  const color = PALETTE[userId % PALETTE.length] ?? "#6B7F99";
  const text = escapeXml(avatarText(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${text}">` +
    `<circle cx="48" cy="48" r="48" fill="${color}"/>` +
    `<text x="48" y="50" text-anchor="middle" dominant-baseline="middle" font-family="'Nanum Gothic','Malgun Gothic',sans-serif" font-size="${text.length > 1 ? 30 : 40}" font-weight="600" fill="#fff">${text}</text>` +
    `</svg>`
  );
}
