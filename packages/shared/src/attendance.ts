/**
 * Attendance widget rules (spec §4, §5, §7.3): button enablement, the after-midnight check-out that needs
 * yesterday's card (PU.A.012), and the day shown / sent. Dates are `yyyyMMdd` in the user's calendar.
 */

import { MESSAGE_CODES } from "./codes/message-codes.js";
import type { YnFlag } from "./constants.js";
import { formatLocalTime } from "./format/time.js";
import { fail, ok, type Result } from "./result.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An hour and minute of a card, as the attendance API returns them. */
export type CardTime = { readonly hour: number; readonly minute: number };

/** The attendance card of a day (fields the rules read). */
export type AttendanceCard = {
  readonly checkedIn: boolean;
  readonly checkedOut: boolean;
  readonly in?: { readonly time?: CardTime | null } | null;
  readonly out?: { readonly time?: CardTime | null } | null;
  readonly midnAftLtoYn?: YnFlag | null;
};

/** Which attendance buttons are disabled. */
export type AttendanceButtons = {
  readonly checkInDisabled: boolean;
  readonly checkOutDisabled: boolean;
};

/**
 * Decides the buttons: check-in is disabled once checked in (unless the company allows resubmitting the card)
 * and while the after-midnight box is ticked; check-out is disabled without a check-in unless the box is ticked.
 * @param input - whether today's card has a check-in, whether resubmission is allowed (canResubmitCard) and the
 *   after-midnight box.
 * @returns the disabled flags.
 */
export function attendanceButtons(input: {
  readonly checkedIn: boolean;
  readonly canResubmitCard: boolean;
  readonly afterMidnight: YnFlag;
}): AttendanceButtons {
  const afterMidnight = input.afterMidnight === "Y";
  return {
    checkInDisabled:
      (input.checkedIn && !input.canResubmitCard) || afterMidnight,
    checkOutDisabled: !input.checkedIn && !afterMidnight,
  };
}

/**
 * Checks an after-midnight check-out: it closes yesterday's card, so yesterday must have a checked-in card.
 * A normal check-out always passes.
 * @param afterMidnight - the after-midnight box.
 * @param yesterdayCard - yesterday's card, or null when there is none.
 * @returns ok, or PU.A.012 when yesterday has no checked-in card.
 */
export function checkAfterMidnightCheckout(
  afterMidnight: YnFlag,
  yesterdayCard: Pick<AttendanceCard, "checkedIn"> | null,
): Result<true, typeof MESSAGE_CODES.attendanceNoYesterdayCard> {
  if (afterMidnight === "N" || yesterdayCard?.checkedIn === true)
    return ok(true);
  return fail(MESSAGE_CODES.attendanceNoYesterdayCard);
}

/**
 * The day the widget shows and check-out applies to: today, or yesterday while the after-midnight box is ticked.
 * @param now - the current time, epoch ms.
 * @param offsetMinutes - the user's UTC offset in minutes, east positive.
 * @param afterMidnight - the after-midnight box.
 * @returns the date as `yyyyMMdd`.
 */
export function attendanceDate(
  now: number,
  offsetMinutes: number,
  afterMidnight: YnFlag,
): string {
  return formatLocalTime(
    afterMidnight === "Y" ? now - DAY_MS : now,
    offsetMinutes,
    "yyyyMMdd",
  );
}

/**
 * Formats a card time as `HH:mm` (check-in / check-out times and the confirmation text).
 * @param time - the card time, or null/undefined when not set.
 * @returns e.g. `09:05`, or "" when not set.
 */
export function formatCardTime(time: CardTime | null | undefined): string {
  if (!time) return "";
  return `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;
}
