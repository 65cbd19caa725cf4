/**
 * Tells the main window whether the user is looking at this room window (focused and visible), so new messages are
 * marked read as they arrive (spec §4: "a focused room resets unread count and sets the watch time") and notifications
 * stay quiet; a closing window reports itself unfocused.
 */
import { useEffect } from "react";
import { useBridge } from "../../lib/bridge";
import { onWindowClosing } from "../../platform";

/**
 * Reports this window's focus for a room while `active` (the room was entered).
 * @param roomName - the room shown.
 * @param active - false until the room is entered.
 */
export function useWindowFocus(roomName: string, active: boolean): void {
  const bridge = useBridge();
  useEffect(() => {
    if (!active) return;
    let reported: boolean | null = null;
    const report = () => {
      const focused =
        document.visibilityState === "visible" && document.hasFocus();
      if (focused === reported) return;
      reported = focused;
      bridge.emit("room:focus-changed", { roomName, focused }, "main");
    };
    const leave = () => {
      reported = false;
      bridge.emit("room:focus-changed", { roomName, focused: false }, "main");
    };
    report();
    window.addEventListener("focus", report);
    window.addEventListener("blur", report);
    document.addEventListener("visibilitychange", report);
    const offClosing = onWindowClosing(() => {
      leave();
      bridge.emit("room:window-closed", { roomName }, "main");
    });
    return () => {
      window.removeEventListener("focus", report);
      window.removeEventListener("blur", report);
      document.removeEventListener("visibilitychange", report);
      offClosing();
      leave();
    };
  }, [bridge, roomName, active]);
}
