/**
 * Calendar formatting without the host's time zone: every function takes the viewer's UTC offset in minutes
 * (east positive, KST = +540). In a browser pass `-new Date(now).getTimezoneOffset()`. A fixed offset ignores
 * DST changes between the two instants compared; Korea has no DST, elsewhere a label can be off by an hour.
 */

import { assert } from "../assert.js";

const MINUTE_MS = 60_000;

/** Wall-clock fields of an instant at a given offset. */
export type LocalFields = {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  /** 1–31. */
  readonly day: number;
  /** 0–23. */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
};

/**
 * Wall-clock fields of an instant for a viewer at `offsetMinutes`.
 * @param ms - the instant, epoch milliseconds.
 * @param offsetMinutes - the viewer's UTC offset in minutes, east positive.
 * @returns year, month (1–12), day, hour (0–23), minute and second.
 * @throws {AssertionError} when `ms` or the offset is not finite.
 */
export function toLocalFields(ms: number, offsetMinutes: number): LocalFields {
  assert(
    Number.isFinite(ms) && Number.isFinite(offsetMinutes),
    "toLocalFields needs finite numbers",
  );
  // Shifting the instant and reading UTC fields gives the wall clock at that offset, independent of the host TZ.
  const shifted = new Date(ms + offsetMinutes * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad = (value: number, width = 2): string =>
  String(value).padStart(width, "0");

/**
 * Formats an instant with a pattern of the tokens `yyyy`, `MM`, `dd`, `HH`/`hh` (both 24-hour, as the spec's
 * hh:mm is a 24-hour clock), `mm` and `ss`; other characters are copied.
 * @param ms - the instant, epoch milliseconds.
 * @param offsetMinutes - the viewer's UTC offset in minutes, east positive.
 * @param pattern - e.g. `yyyyMMdd` (attendance dates) or `yyyy_MMdd_hhmm` (saved chat files).
 * @returns the formatted text.
 */
export function formatLocalTime(
  ms: number,
  offsetMinutes: number,
  pattern: string,
): string {
  const f = toLocalFields(ms, offsetMinutes);
  const tokens: Record<string, string> = {
    yyyy: pad(f.year, 4),
    MM: pad(f.month),
    dd: pad(f.day),
    HH: pad(f.hour),
    hh: pad(f.hour),
    mm: pad(f.minute),
    ss: pad(f.second),
  };
  return pattern.replace(
    /yyyy|MM|dd|HH|hh|mm|ss/g,
    (token) => tokens[token] ?? token,
  );
}

/**
 * The room list's last-message time: `HH:mm` when it is today, `MM-dd` earlier this year, else `yyyy-MM-dd`
 * (all in the viewer's calendar).
 * @param time - the last message time, epoch ms; null when the room has no message.
 * @param now - the current time, epoch ms.
 * @param offsetMinutes - the viewer's UTC offset in minutes, east positive.
 * @returns the label; "" when there is no message.
 */
export function formatLastMessageTime(
  time: number | null,
  now: number,
  offsetMinutes: number,
): string {
  if (time === null) return "";
  const at = toLocalFields(time, offsetMinutes);
  const today = toLocalFields(now, offsetMinutes);
  if (at.year !== today.year)
    return formatLocalTime(time, offsetMinutes, "yyyy-MM-dd");
  if (at.month !== today.month || at.day !== today.day)
    return formatLocalTime(time, offsetMinutes, "MM-dd");
  return formatLocalTime(time, offsetMinutes, "HH:mm");
}
