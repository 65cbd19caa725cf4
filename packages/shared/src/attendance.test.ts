import { describe, expect, it } from "vitest";
import {
  attendanceButtons,
  attendanceDate,
  checkAfterMidnightCheckout,
  formatCardTime,
} from "./attendance.js";

describe("attendanceButtons", () => {
  it("before check-in: check-in enabled, check-out disabled", () => {
    expect(
      attendanceButtons({
        checkedIn: false,
        canResubmitCard: false,
        afterMidnight: "N",
      }),
    ).toEqual({
      checkInDisabled: false,
      checkOutDisabled: true,
    });
  });

  it("after check-in: check-in disabled, check-out enabled", () => {
    expect(
      attendanceButtons({
        checkedIn: true,
        canResubmitCard: false,
        afterMidnight: "N",
      }),
    ).toEqual({
      checkInDisabled: true,
      checkOutDisabled: false,
    });
  });

  it("keeps check-in enabled after check-in when resubmission is allowed", () => {
    expect(
      attendanceButtons({
        checkedIn: true,
        canResubmitCard: true,
        afterMidnight: "N",
      }).checkInDisabled,
    ).toBe(false);
  });

  it("after-midnight box: check-in disabled, check-out enabled even without today's check-in", () => {
    expect(
      attendanceButtons({
        checkedIn: false,
        canResubmitCard: true,
        afterMidnight: "Y",
      }),
    ).toEqual({
      checkInDisabled: true,
      checkOutDisabled: false,
    });
  });
});

describe("checkAfterMidnightCheckout", () => {
  it("needs yesterday's checked-in card after midnight, else PU.A.012", () => {
    expect(checkAfterMidnightCheckout("Y", { checkedIn: true })).toEqual({
      ok: true,
      value: true,
    });
    expect(checkAfterMidnightCheckout("Y", null)).toEqual({
      ok: false,
      code: "PU.A.012",
    });
    expect(checkAfterMidnightCheckout("Y", { checkedIn: false })).toEqual({
      ok: false,
      code: "PU.A.012",
    });
  });

  it("does not look at yesterday for a normal check-out", () => {
    expect(checkAfterMidnightCheckout("N", null).ok).toBe(true);
  });
});

describe("attendanceDate", () => {
  const KST = 540;
  const justAfterMidnight = Date.UTC(2024, 2, 31, 15, 30); // 2024-04-01 00:30 KST

  it("is today in the user's calendar, yyyyMMdd", () => {
    expect(attendanceDate(justAfterMidnight, KST, "N")).toBe("20240401");
  });

  it("is yesterday while the after-midnight box is ticked, across a month end", () => {
    expect(attendanceDate(justAfterMidnight, KST, "Y")).toBe("20240331");
  });
});

describe("formatCardTime", () => {
  it("pads hour and minute", () => {
    expect(formatCardTime({ hour: 9, minute: 5 })).toBe("09:05");
    expect(formatCardTime({ hour: 23, minute: 59 })).toBe("23:59");
  });

  it("shows nothing without a time", () => {
    expect(formatCardTime(null)).toBe("");
    expect(formatCardTime(undefined)).toBe("");
  });
});
