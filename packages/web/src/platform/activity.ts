/** User activity anywhere in the window (for idle detection: away and lock). */

const EVENTS = [
  "pointermove",
  "pointerdown",
  "keydown",
  "wheel",
  "touchstart",
] as const;

/**
 * Calls `onActivity` on every input event (callers throttle by reading time, not by counting events).
 * @returns the unsubscribe function.
 */
export function subscribeActivity(onActivity: () => void): () => void {
  for (const type of EVENTS)
    window.addEventListener(type, onActivity, { passive: true, capture: true });
  return () => {
    for (const type of EVENTS)
      window.removeEventListener(type, onActivity, { capture: true });
  };
}
