/**
 * The incoming-call settings of spec §3 (local settings, etc): whether incoming calls open a dialog (useRcvCallYn,
 * on unless turned off) and where the caller is looked up (rcvCallTargetCd: the address book, or other contacts).
 * They are per-device settings; the settings screen writes them under these keys.
 */
import { z } from "zod";
import type { CallerLookupTarget } from "../../api/centrex-api";
import { readStored } from "../../platform";

/** Storage key of useRcvCallYn ("Y" or "N"). */
export const RECEIVE_CALLS_KEY = "moa.useRcvCallYn";
/** Storage key of rcvCallTargetCd ("addr" or "other"). */
export const CALL_LOOKUP_TARGET_KEY = "moa.rcvCallTargetCd";

/** The incoming-call settings as they are now (read at each call, so a change applies to the next one). */
export function readIncomingCallSettings(): {
  receive: boolean;
  lookup: CallerLookupTarget;
} {
  return {
    receive: readStored(RECEIVE_CALLS_KEY, z.enum(["Y", "N"])) !== "N",
    lookup:
      readStored(CALL_LOOKUP_TARGET_KEY, z.enum(["addr", "other"])) ?? "addr",
  };
}
