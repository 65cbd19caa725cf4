/** The window zoom shortcuts of spec §2.11: Ctrl+plus, Ctrl+minus, Ctrl+0 (Cmd on a Mac keyboard). */
import type { ZoomAction } from "@moa/shared";

type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">;

// "=" is plus without Shift on most layouts, as browsers' own zoom accepts it.
const ACTIONS: Readonly<Record<string, ZoomAction>> = {
  "+": "in",
  "=": "in",
  "-": "out",
  "0": "reset",
};

/**
 * Tells which zoom shortcut a key press is.
 * @returns the zoom action, or null for any other key.
 */
export function zoomActionForKey(press: KeyPress): ZoomAction | null {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return null;
  return ACTIONS[press.key] ?? null;
}
