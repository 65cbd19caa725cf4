/** Builds ErrorCode envelopes (spec §7): "00" with data on success, a code and a stable ErrorMsg on failure. */

/**
 * A success body.
 * @param data fields to send besides ErrorCode.
 * @returns the body.
 */
export const okBody = <T extends object>(data: T) => ({
  ErrorCode: "00" as const,
  ...data,
});

/**
 * A failure body.
 * @param code the spec's ErrorCode ("01", "104" …).
 * @param message a stable snake_case reason (or the spec's literal, e.g. ExpiredJwt).
 * @returns the body.
 */
export const failBody = (code: string, message: string) => ({
  ErrorCode: code,
  ErrorMsg: message,
});
