/**
 * Internet phone API (spec §7.5) under /api/v1/centrex/: every call answers ErrorCode "00" with the PBX result
 * code `svc_rt` (spec §8: 0000 SUCCESS, 1002 PARAM_ERR, 2002 NO_PERM, 3001 ERR_PROCESS, 4004 NO_CHANNEL …).
 */
import { z } from "zod";
import { CALL_MAX_PARTICIPANTS } from "../constants.js";

/** POST singCall / groupCall — body; a group call joins up to 6 numbers with commas. */
export const centrexCallRequestSchema = z.object({
  callNumber: z.string().max(300).default(""),
});

const logEntrySchema = z.object({
  /** Record type, e.g. `OUT` (dialled) or `IN` (received). */
  recType: z.string().trim().min(1).max(20),
  recUsrKey: z.coerce.string().max(100).default(""),
  recUsrName: z.string().max(100).default(""),
  recPhone: z.string().trim().min(1).max(40),
  crxCallType: z.string().max(20).default(""),
});

/** POST insertLog — body: one call log record (spec §3). */
export const centrexLogRequestSchema = logEntrySchema;

/** POST insertGroupLogs — body: the records of one group call (at most 6). */
export const centrexGroupLogRequestSchema = z.object({
  centrexList: z.array(logEntrySchema).min(1).max(CALL_MAX_PARTICIPANTS),
});

/** A PBX answer. */
export const centrexResultResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  svc_rt: z.string(),
});

/** POST crxUserYn success: whether the company uses the phone (isUse) and the user is set up (crxUserYn). */
export const centrexUserResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  crxUserYn: z.enum(["Y", "N"]),
  isUse: z.enum(["Y", "N"]),
});

/** POST reCall success: recently called parties, newest first (at most 20). */
export const centrexRecallResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  recall_list: z.array(
    z.object({
      recUsrKey: z.string(),
      recUsrName: z.string(),
      recPhone: z.string(),
    }),
  ),
});

/** POST /integration/v1/centrex/incoming — body: ring a user (simulated PBX only; tests and demos). */
export const centrexIncomingRequestSchema = z.object({
  loginId: z.string().trim().min(1).max(100),
  callNumber: z.string().trim().min(1).max(40),
});
