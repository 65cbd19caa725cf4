/** Window zoom (step 0.2), chat font size (80/100/120/140 %) and window opacity (0.1–1). */

import {
  CHAT_FONT_RATIOS,
  DEFAULT_CHAT_FONT_RATIO,
  OPACITY_MAX,
  OPACITY_MIN,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  type ChatFontRatio,
} from "./constants.js";

/** Zoom keys: Ctrl+plus, Ctrl+minus and Ctrl+0. */
export type ZoomAction = "in" | "out" | "reset";

// Binary floats drift (0.8 + 0.2 = 1.0000000000000002), so results are rounded to the precision of their step.
const roundTo = (value: number, digits: number): number =>
  Number(value.toFixed(digits));

/**
 * Applies a zoom key to a zoom factor, staying within {@link ZOOM_MIN}..{@link ZOOM_MAX}.
 * @param current - the current zoom factor; non-finite values count as 1.
 * @param action - in (+0.2), out (−0.2) or reset (1).
 * @returns the new zoom factor, rounded to 1 decimal.
 */
export function stepZoom(current: number, action: ZoomAction): number {
  if (action === "reset") return ZOOM_DEFAULT;
  const base = Number.isFinite(current) ? current : ZOOM_DEFAULT;
  const next = base + (action === "in" ? ZOOM_STEP : -ZOOM_STEP);
  return roundTo(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next)), 1);
}

/**
 * Reads a stored chat font size.
 * @param value - the stored value (number or numeric string).
 * @returns the value when it is one of 80, 100, 120, 140; else the default 100.
 */
export function parseChatFontRatio(value: unknown): ChatFontRatio {
  const number =
    typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return (
    CHAT_FONT_RATIOS.find((ratio) => ratio === number) ??
    DEFAULT_CHAT_FONT_RATIO
  );
}

/**
 * Clamps a window opacity the app is asked to set.
 * @param value - the wanted opacity; non-finite values count as opaque.
 * @returns a value from 0.1 to 1, rounded to 2 decimals.
 */
export function clampOpacity(value: number): number {
  if (!Number.isFinite(value)) return OPACITY_MAX;
  return roundTo(Math.min(OPACITY_MAX, Math.max(OPACITY_MIN, value)), 2);
}
