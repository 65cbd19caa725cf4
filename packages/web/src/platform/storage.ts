/** Local settings kept in the origin's storage (all windows share it), validated on every read. */
import type { z } from "zod";

/**
 * Reads a stored JSON value.
 * @param key - storage key.
 * @param schema - what the value must look like; anything else counts as absent.
 * @returns the value, or undefined.
 */
export function readStored<T>(
  key: string,
  schema: z.ZodType<T>,
): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Storage disabled or a corrupt value: behave as if nothing was stored.
    return undefined;
  }
}

/** Stores a JSON value (kept for this window only when storage is unavailable). */
export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Same as above: the value still applies in memory.
  }
}

/** Forgets a stored value. */
export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored when storage is unavailable.
  }
}
