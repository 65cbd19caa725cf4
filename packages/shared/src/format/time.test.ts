import { describe, expect, it } from "vitest";
import {
  formatLastMessageTime,
  formatLocalTime,
  toLocalFields,
} from "./time.js";

const KST = 540;
// 2024-05-01 14:03:07 KST = 05:03:07 UTC.
const now = Date.UTC(2024, 4, 1, 5, 3, 7);

describe("toLocalFields", () => {
  it("reads the wall clock at the given offset, not the host's", () => {
    expect(toLocalFields(now, KST)).toEqual({
      year: 2024,
      month: 5,
      day: 1,
      hour: 14,
      minute: 3,
      second: 7,
    });
    expect(toLocalFields(now, 0).hour).toBe(5);
    expect(toLocalFields(now, -300).hour).toBe(0);
  });

  it("refuses non-finite input", () => {
    expect(() => toLocalFields(Number.NaN, KST)).toThrow();
  });
});

describe("formatLocalTime", () => {
  it("fills every token with zero padding", () => {
    expect(formatLocalTime(now, KST, "yyyy-MM-dd HH:mm:ss")).toBe(
      "2024-05-01 14:03:07",
    );
    expect(formatLocalTime(now, KST, "yyyyMMdd")).toBe("20240501");
    expect(formatLocalTime(now, KST, "yyyy_MMdd_hhmm")).toBe("2024_0501_1403");
  });
});

describe("formatLastMessageTime", () => {
  it("shows HH:mm for a message today", () => {
    expect(formatLastMessageTime(now - 60_000, now, KST)).toBe("14:02");
  });

  it("treats local midnight as the start of today", () => {
    const midnight = Date.UTC(2024, 3, 30, 15, 0, 0); // 2024-05-01 00:00 KST
    expect(formatLastMessageTime(midnight, now, KST)).toBe("00:00");
    expect(formatLastMessageTime(midnight - 1, now, KST)).toBe("04-30");
  });

  it("shows MM-dd earlier this year and yyyy-MM-dd before that", () => {
    const newYear = Date.UTC(2023, 11, 31, 15, 0, 0); // 2024-01-01 00:00 KST
    expect(formatLastMessageTime(newYear, now, KST)).toBe("01-01");
    expect(formatLastMessageTime(newYear - 1, now, KST)).toBe("2023-12-31");
  });

  it("decides 'today' in the viewer's calendar", () => {
    const lateUtc = Date.UTC(2024, 3, 30, 20, 0, 0); // 2024-04-30 20:00 UTC = 2024-05-01 05:00 KST
    expect(formatLastMessageTime(lateUtc, now, KST)).toBe("05:00");
    expect(formatLastMessageTime(lateUtc, now, 0)).toBe("04-30");
  });

  it("shows nothing for a room without messages", () => {
    expect(formatLastMessageTime(null, now, KST)).toBe("");
  });
});
