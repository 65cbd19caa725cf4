/** Badge text: the count up to 99, then "99+" (unread counts, member counts, widget counts). */

import { BADGE_CAP } from "../constants.js";

/**
 * Formats a count for a badge.
 * @param count - the count; zero, negative or non-finite counts show no badge.
 * @returns "" for nothing to show, the number up to {@link BADGE_CAP}, else "99+".
 */
export function formatBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "";
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}
