/** Login ErrorCodes of spec §7.1/§8 and what the login screen does for each. */

import { MESSAGE_CODES, type MessageCode } from "./message-codes.js";

/** `ErrorCode` values of REST responses and of the login call. */
export const ERROR_CODES = {
  success: "00",
  failure: "01",
  wrongDomain: "101",
  userNotFound: "102",
  loginBlocked: "103",
  wrongPassword: "104",
  passwordExpired: "105",
  privacyNotAgreed: "106",
  tokenRefreshRejected: "107",
} as const;

/** `ErrorMsg` of an `ErrorCode` 01 response whose token expired: refresh the token and replay the request. */
export const EXPIRED_JWT_MESSAGE = "ExpiredJwt";

/** What the login screen does with a login response code. */
export type LoginOutcome =
  | { readonly kind: "success" }
  | { readonly kind: "alert"; readonly code: MessageCode }
  | { readonly kind: "passwordExpired"; readonly code: MessageCode }
  | { readonly kind: "privacyNotAgreed"; readonly code: MessageCode };

/**
 * Maps a login `ErrorCode` to the screen's reaction: an alert for 101–104 and unknown codes, a dialog for 105/106.
 * @param errorCode - the `ErrorCode` of POST /api/v1/auth/login2.
 * @returns the outcome; unknown codes give the generic "information does not match" alert.
 */
export function describeLoginResult(errorCode: string): LoginOutcome {
  switch (errorCode) {
    case ERROR_CODES.success:
      return { kind: "success" };
    case ERROR_CODES.wrongDomain:
      return { kind: "alert", code: MESSAGE_CODES.loginWrongDomain };
    case ERROR_CODES.userNotFound:
      return { kind: "alert", code: MESSAGE_CODES.loginUserNotFound };
    case ERROR_CODES.loginBlocked:
      return { kind: "alert", code: MESSAGE_CODES.loginBlocked };
    case ERROR_CODES.wrongPassword:
      return { kind: "alert", code: MESSAGE_CODES.loginWrongPassword };
    case ERROR_CODES.passwordExpired:
      return {
        kind: "passwordExpired",
        code: MESSAGE_CODES.loginPasswordExpired,
      };
    case ERROR_CODES.privacyNotAgreed:
      return {
        kind: "privacyNotAgreed",
        code: MESSAGE_CODES.loginPrivacyNotAgreed,
      };
    default:
      return { kind: "alert", code: MESSAGE_CODES.loginMismatch };
  }
}

/**
 * Tells whether a 200 response means "token expired, refresh and replay" (the HTTP interceptor rule).
 * @param body - the response body's `ErrorCode` and `ErrorMsg`.
 * @returns true for ErrorCode 01 with ErrorMsg ExpiredJwt.
 */
export function isExpiredJwt(body: {
  readonly ErrorCode?: unknown;
  readonly ErrorMsg?: unknown;
}): boolean {
  return (
    body.ErrorCode === ERROR_CODES.failure &&
    body.ErrorMsg === EXPIRED_JWT_MESSAGE
  );
}

/** What the lock screen does with the password-check response code. */
export type UnlockOutcome =
  | { readonly kind: "unlocked" }
  | {
      readonly kind: "alert";
      readonly code: MessageCode;
      readonly logout: boolean;
    };

/**
 * Maps the lock screen's password-check code: 103 blocks and logs out, 104 is a wrong password, others fail.
 * @param errorCode - the `ErrorCode` of the password check.
 * @returns unlocked on 00, else the alert code and whether to log out.
 */
export function describeUnlockResult(errorCode: string): UnlockOutcome {
  switch (errorCode) {
    case ERROR_CODES.success:
      return { kind: "unlocked" };
    case ERROR_CODES.loginBlocked:
      return { kind: "alert", code: MESSAGE_CODES.lockBlocked, logout: true };
    case ERROR_CODES.wrongPassword:
      return {
        kind: "alert",
        code: MESSAGE_CODES.lockWrongPassword,
        logout: false,
      };
    default:
      return { kind: "alert", code: MESSAGE_CODES.lockFailed, logout: false };
  }
}

/** How a token-refresh failure is reported; the session always closes with reason `logout` afterwards. */
export type TokenRefreshFailure =
  | { readonly kind: "alert"; readonly code: MessageCode }
  | { readonly kind: "serverMessage" }
  | { readonly kind: "logOnly" };

/**
 * Maps a failed token refresh: 107 → LO.A.078, 102 → LO.A.072, 103/104 → the server's ErrorMsg, others only logged.
 * @param errorCode - the `ErrorCode` of the refresh response.
 * @returns how to tell the user before closing the session.
 */
export function describeTokenRefreshFailure(
  errorCode: string,
): TokenRefreshFailure {
  switch (errorCode) {
    case ERROR_CODES.tokenRefreshRejected:
      return { kind: "alert", code: MESSAGE_CODES.authFailedReconnect };
    case ERROR_CODES.userNotFound:
      return { kind: "alert", code: MESSAGE_CODES.tokenUserNotFound };
    case ERROR_CODES.loginBlocked:
    case ERROR_CODES.wrongPassword:
      return { kind: "serverMessage" };
    default:
      return { kind: "logOnly" };
  }
}

/** How the client reacts to a non-2xx HTTP status. */
export type HttpFailure =
  | { readonly kind: "sessionExpired"; readonly code: MessageCode }
  | { readonly kind: "throttled"; readonly code: MessageCode }
  | { readonly kind: "fatal"; readonly code: MessageCode };

/** HTTP status of a rate-limited request (with a Retry-After header and ErrorMsg TOO_MANY_REQUESTS_MESSAGE). */
export const TOO_MANY_REQUESTS_STATUS = 429;

/** `ErrorMsg` (with ErrorCode 01) of a rate-limited request. */
export const TOO_MANY_REQUESTS_MESSAGE = "too_many_requests";

/**
 * Maps an HTTP error status: 401/418 → session expired (go to login); 429 → "too many attempts, wait", nothing
 * else happens; anything else → server error, quit on confirm.
 * @param status - the HTTP status code.
 * @returns the reaction and its message code.
 */
export function describeHttpFailure(status: number): HttpFailure {
  if (status === 401 || status === 418)
    return { kind: "sessionExpired", code: MESSAGE_CODES.sessionExpired };
  if (status === TOO_MANY_REQUESTS_STATUS)
    return { kind: "throttled", code: MESSAGE_CODES.tooManyRequests };
  return { kind: "fatal", code: MESSAGE_CODES.serverError };
}
