/** The system clipboard (a message's "copy" menu item). */

/**
 * Puts text on the clipboard.
 * @returns false when the browser refused (no permission, or the page is not focused).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
