/** Which URLs the shell hands to the OS browser: groupware links are http(s); anything else could run local programs. */

/**
 * Decides whether a URL may be opened externally.
 * @param url the URL a renderer asked to open.
 * @returns true only for well-formed http: and https: URLs.
 */
export function isOpenableExternally(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
