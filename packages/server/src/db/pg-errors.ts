/** PostgreSQL error codes (SQLSTATE) the server reacts to, the same from PGlite and from node-postgres. */

/** unique_violation. */
export const UNIQUE_VIOLATION = "23505";
/** feature_not_supported: among others, "cached plan must not change result type". */
export const FEATURE_NOT_SUPPORTED = "0A000";

/**
 * Whether an error is a database error with the given SQLSTATE.
 * @param err what was thrown.
 * @param code the SQLSTATE.
 * @returns true when err carries that code.
 */
export function hasPgCode(err: unknown, code: string): boolean {
  return (
    typeof err === "object" &&
    err !== null &&
    (err as { code?: unknown }).code === code
  );
}
