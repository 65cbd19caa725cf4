/** Internet phone (centrex) result codes `svc_rt` of spec §8; 9999 ETC_ERR is also the fallback for unknown codes. */

/** Centrex result code by name. */
export const CENTREX_RESULT_CODES = {
  SUCCESS: "0000",
  PARAM_ERR: "1002",
  AUTH_ERR_TEL: "1003",
  AUTH_ERR_PW: "1004",
  NO_PERM: "2002",
  ERR_PROCESS: "3001",
  UNKNOWN_COMMAND: "4001",
  NO_DATA: "4002",
  NO_CHANNEL: "4004",
  RECORD_AUTH_ERR: "5001",
  NO_FILE: "5002",
  ETC_ERR: "9999",
} as const;

/** A centrex result name, e.g. `NO_CHANNEL`. */
export type CentrexResultName = keyof typeof CENTREX_RESULT_CODES;

const namesByCode = new Map<string, CentrexResultName>(
  Object.entries(CENTREX_RESULT_CODES).map(([name, code]) => [
    code,
    name as CentrexResultName,
  ]),
);

/**
 * Names a centrex result code.
 * @param code - the `svc_rt` value (surrounding blanks ignored).
 * @returns its name; `ETC_ERR` for an unknown or missing code.
 */
export function centrexResultName(
  code: string | null | undefined,
): CentrexResultName {
  return namesByCode.get((code ?? "").trim()) ?? "ETC_ERR";
}

/**
 * Tells whether a new call may start: only while the phone status is NO_CHANNEL (idle); otherwise IP.A.013.
 * @param phoneStatus - the `svc_rt` of POST /api/v1/centrex/phoneStatus.
 * @returns true when the phone is idle.
 */
export function canStartCall(phoneStatus: string | null | undefined): boolean {
  return centrexResultName(phoneStatus) === "NO_CHANNEL";
}
