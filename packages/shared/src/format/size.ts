/** File sizes for display: KB to PB with 2 decimals (1 KB = 1024 bytes), and the webhard column's floor(size/1000) MB. */

import {
  SIZE_DECIMALS,
  SIZE_UNITS,
  WEBHARD_SIZE_DIVISOR,
} from "../constants.js";

/**
 * Formats a byte count with the largest unit from KB to PB that keeps the number at least 1;
 * sizes under 1 KB are shown in KB too (the spec's smallest unit), e.g. "0.50 KB".
 * @param bytes - the size in bytes; negative or non-finite sizes are treated as 0.
 * @returns e.g. "1.50 MB"; sizes past 1024 PB stay in PB.
 */
export function formatFileSize(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes / 1024 : 0;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding can carry into the next unit (1023.999 KB → "1024.00 KB"); show "1.00 MB" instead.
  if (
    Number(value.toFixed(SIZE_DECIMALS)) >= 1024 &&
    unit < SIZE_UNITS.length - 1
  ) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(SIZE_DECIMALS)} ${SIZE_UNITS[unit] ?? "PB"}`;
}

/**
 * The webhard table's size column value: floor(size / 1000), shown with the unit MB.
 * @param size - the file's `size` field as the webhard returns it.
 * @returns e.g. "2 MB"; negative or non-finite sizes show "0 MB".
 */
export function formatWebhardSize(size: number): string {
  const value =
    Number.isFinite(size) && size > 0
      ? Math.floor(size / WEBHARD_SIZE_DIVISOR)
      : 0;
  return `${value} MB`;
}
