/** Opening other windows: groupware pages in the browser, and the app's own views (chat rooms, settings, picker). */

/**
 * Opens an external page (groupware, password reset, support) in a new browser tab.
 * @returns false only when the browser blocked it.
 */
export function openExternal(url: string): boolean {
  // With "noopener" window.open always returns null, opened or not: open without it to learn whether the browser
  // allowed the tab, then cut its way back to this window before the page loads (no reverse tabnabbing). The app's
  // Referrer-Policy (no-referrer) keeps this page's address from the target.
  const opened = window.open(url, "_blank");
  if (!opened) return false;
  opened.opener = null;
  return true;
}

/** A window this window opened: it can close it (the session's end closes every view at once). */
export type AppWindowHandle = {
  close(): void;
  focus(): void;
  /** Closed by the user or by itself. */
  readonly closed: boolean;
};

/**
 * Opens or focuses an app window at a hash route, named so a second open reuses it.
 * @param route - e.g. `/popup?wid=popup:abc`.
 * @param name - the window's name (its WindowId).
 * @param size - its size in px.
 * @returns the window, or null when the browser blocked it.
 */
export function openAppWindow(
  route: string,
  name: string,
  size: { width: number; height: number },
): AppWindowHandle | null {
  const url = new URL(window.location.href);
  url.hash = route;
  const features = `popup,width=${String(size.width)},height=${String(size.height)}`;
  const opened = window.open(url.href, name, features);
  opened?.focus();
  return opened;
}

/**
 * Resizes this window (a view window that changes its layout, e.g. the webhard after its login). Browsers honour it
 * only for windows a script opened; elsewhere it does nothing.
 */
export function resizeThisWindow(size: {
  width: number;
  height: number;
}): void {
  window.resizeTo(size.width, size.height);
}

/** Closes this window (a view window when the session ends). */
export function closeThisWindow(): void {
  window.close();
}

/**
 * Runs `fn` when the window is closed or reloaded.
 * @returns the unsubscribe function.
 */
export function onWindowClosing(fn: () => void): () => void {
  window.addEventListener("pagehide", fn);
  return () => {
    window.removeEventListener("pagehide", fn);
  };
}
