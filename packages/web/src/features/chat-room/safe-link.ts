/**
 * Links of news entries (spec §3 ALROOM `link`) come from the groupware: only web addresses become links; anything
 * else (javascript:, data:, …) stays plain text.
 */

/**
 * Resolves a news entry's link.
 * @param link - the link as posted: absolute, or a path on the groupware.
 * @param base - where relative links point (the app's origin).
 * @returns an http(s) URL to open, or null when the link is not one.
 */
export function safeHref(link: string, base: string): string | null {
  if (link.trim() === "") return null;
  try {
    const url = new URL(link, base);
    return url.protocol === "http:" || url.protocol === "https:"
      ? url.href
      : null;
  } catch {
    return null;
  }
}
