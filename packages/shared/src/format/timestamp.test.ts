import { describe, expect, it } from "vitest";
import {
  isEmptyTimestamp,
  parseTimestamp,
  timestampSchema,
  toTimestamp,
} from "./timestamp.js";

describe("toTimestamp", () => {
  it("pads epoch milliseconds to 15 digits", () => {
    expect(toTimestamp(1_700_000_000_123)).toBe("001700000000123");
    expect(toTimestamp(0)).toBe("000000000000000");
  });

  it("accepts the largest 15-digit value and refuses one more", () => {
    expect(toTimestamp(999_999_999_999_999)).toBe("999999999999999");
    expect(() => toTimestamp(1_000_000_000_000_000)).toThrow(/too large/);
  });

  it("refuses negative and fractional values", () => {
    expect(() => toTimestamp(-1)).toThrow();
    expect(() => toTimestamp(1.5)).toThrow();
  });
});

describe("parseTimestamp", () => {
  it("reads padded and unpadded strings", () => {
    expect(parseTimestamp("001700000000123")).toBe(1_700_000_000_123);
    expect(parseTimestamp("1700000000123")).toBe(1_700_000_000_123);
  });

  it("returns null for the sentinel, empty and malformed input", () => {
    expect(parseTimestamp("000000000000000")).toBeNull();
    expect(parseTimestamp("")).toBeNull();
    expect(parseTimestamp(null)).toBeNull();
    expect(parseTimestamp("12a")).toBeNull();
    expect(parseTimestamp("0017000000001234")).toBeNull();
  });

  it("round-trips with toTimestamp", () => {
    expect(parseTimestamp(toTimestamp(42))).toBe(42);
  });
});

describe("isEmptyTimestamp", () => {
  it("recognises the sentinel and missing values only", () => {
    expect(isEmptyTimestamp("000000000000000")).toBe(true);
    expect(isEmptyTimestamp(undefined)).toBe(true);
    expect(isEmptyTimestamp("")).toBe(true);
    expect(isEmptyTimestamp("000000000000001")).toBe(false);
  });
});

describe("timestampSchema", () => {
  it("accepts exactly 15 digits", () => {
    expect(timestampSchema.safeParse("001700000000123").success).toBe(true);
    expect(timestampSchema.safeParse("01700000000123").success).toBe(false);
    expect(timestampSchema.safeParse("0017000000001234").success).toBe(false);
    expect(timestampSchema.safeParse("").success).toBe(false);
  });
});
