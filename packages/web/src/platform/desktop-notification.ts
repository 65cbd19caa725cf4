/**
 * Desktop notifications through the browser's Notification API (the desktop shell shows them as OS notifications):
 * shown only where the user allowed them, and only while the app's window is not the one in front.
 */

/** Asks once for permission to show desktop notifications; a choice already made is kept. */
export function requestDesktopNotifications(): void {
  if (typeof Notification === "undefined") return;
  if (Notification.permission !== "default") return;
  void (async () => {
    try {
      await Notification.requestPermission();
    } catch {
      // Browsers that refuse requests outside a user gesture: notifications stay off.
    }
  })();
}

/**
 * Shows a desktop notification.
 * @param note - its title and body, a tag (a newer one with the same tag replaces it) and what a click does.
 * @returns false when not permitted or the window is in front (the in-app toast says it already).
 */
export function showDesktopNotification(note: {
  title: string;
  body: string;
  tag: string;
  onClick?: () => void;
}): boolean {
  if (typeof Notification === "undefined") return false;
  if (Notification.permission !== "granted" || document.hasFocus())
    return false;
  try {
    const shown = new Notification(note.title, {
      body: note.body,
      tag: note.tag,
    });
    shown.onclick = () => {
      window.focus();
      note.onClick?.();
      shown.close();
    };
    return true;
  } catch {
    // Some platforms only allow notifications from a service worker.
    return false;
  }
}
