/** Result type for rule checks: a value, or the spec's message code explaining why not. Never thrown. */

/**
 * Outcome of a rule check: `{ ok: true, value }` or `{ ok: false, code }`.
 * @typeParam T - the accepted (possibly normalised) value.
 * @typeParam C - the code union the check can fail with.
 */
export type Result<T, C extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: C };

/**
 * Builds a successful result.
 * @param value - the accepted value.
 * @returns `{ ok: true, value }`.
 */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/**
 * Builds a failed result.
 * @param code - the message code (an i18n key) saying why.
 * @returns `{ ok: false, code }`.
 */
export function fail<C extends string>(
  code: C,
): { readonly ok: false; readonly code: C } {
  return { ok: false, code };
}
