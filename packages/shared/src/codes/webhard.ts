/** Webhard (file storage) result code: 00000 means success, anything else fails (WH.A.020 + WH.A.022). */

/** The webhard success result code. */
export const WEBHARD_SUCCESS_CODE = "00000";

/**
 * Tells whether a webhard call succeeded.
 * @param code - the call's result code.
 * @returns true only for 00000.
 */
export function isWebhardSuccess(code: string | null | undefined): boolean {
  return code === WEBHARD_SUCCESS_CODE;
}
