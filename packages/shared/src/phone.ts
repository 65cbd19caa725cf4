/** Phone numbers for the internet phone: dashes removed for dialling; incoming numbers formatted the Korean way. */

/**
 * Prepares a typed number for dialling by removing dashes (and the blanks people type around them).
 * @param number - the typed number, e.g. `010-1234-5678`.
 * @returns the number without dashes or blanks, e.g. `01012345678`; `*` and `#` are kept.
 */
export function stripPhoneDashes(number: string): string {
  return number.replace(/[-\s]/g, "");
}

/**
 * Formats an incoming caller number by its digit count: 11 → 3-4-4 (010-1234-5678); 10 → 02-4-4 for Seoul, else
 * 3-3-4 (031-123-4567); 9 → 02-3-4; 8 → 4-4 (1588-1234). A `+82` international prefix becomes the domestic 0.
 * @param raw - the number as received; everything but digits is dropped.
 * @returns the formatted number; other lengths are returned as plain digits.
 */
export function formatIncomingNumber(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (raw.trim().startsWith("+82"))
    digits = `0${digits.slice(2).replace(/^0/, "")}`;
  const seoul = digits.startsWith("02");
  switch (digits.length) {
    case 11:
      return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
    case 10:
      return seoul
        ? `02-${digits.slice(2, 6)}-${digits.slice(6)}`
        : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    case 9:
      return seoul ? `02-${digits.slice(2, 5)}-${digits.slice(5)}` : digits;
    case 8:
      return `${digits.slice(0, 4)}-${digits.slice(4)}`;
    default:
      return digits;
  }
}
