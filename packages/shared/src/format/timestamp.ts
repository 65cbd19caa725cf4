/** 15-digit zero-padded millisecond timestamp strings (message keys, watch times) and the empty sentinel. */

import { z } from "zod";
import { EMPTY_TIMESTAMP, TIMESTAMP_LENGTH } from "../constants.js";
import type { Timestamp } from "../ids.js";
import { assert } from "../assert.js";

const TIMESTAMP_PATTERN = new RegExp(`^\\d{${TIMESTAMP_LENGTH}}$`);

/** Zod schema of a timestamp string: exactly 15 digits (the sentinel included). */
export const timestampSchema = z
  .string()
  .regex(TIMESTAMP_PATTERN, "must be a 15-digit millisecond timestamp")
  .transform((value) => value as Timestamp);

/**
 * Formats epoch milliseconds as a 15-digit zero-padded string.
 * @param ms - epoch milliseconds; a non-negative safe integer.
 * @returns e.g. `001700000000000`.
 * @throws {AssertionError} for negative, fractional or too-large values (a programming error).
 */
export function toTimestamp(ms: number): Timestamp {
  assert(
    Number.isSafeInteger(ms) && ms >= 0,
    `toTimestamp needs non-negative integer ms, got ${ms}`,
  );
  const digits = String(ms);
  assert(
    digits.length <= TIMESTAMP_LENGTH,
    `toTimestamp value too large: ${ms}`,
  );
  return digits.padStart(TIMESTAMP_LENGTH, "0") as Timestamp;
}

/**
 * Tells whether a timestamp field holds no date (the sentinel, or nothing at all).
 * @param value - a timestamp string, or null/undefined/"".
 * @returns true for {@link EMPTY_TIMESTAMP}, "", null and undefined.
 */
export function isEmptyTimestamp(value: string | null | undefined): boolean {
  return value == null || value === "" || value === EMPTY_TIMESTAMP;
}

/**
 * Reads a timestamp string (padded or not) as epoch milliseconds.
 * @param value - a string of up to 15 digits.
 * @returns the milliseconds; null for the sentinel, empty or malformed input.
 */
export function parseTimestamp(
  value: string | null | undefined,
): number | null {
  if (isEmptyTimestamp(value) || value == null || !/^\d{1,15}$/.test(value))
    return null;
  return Number(value);
}
