/** The REST response envelope of spec §7: `ErrorCode` "00" on success, otherwise a code plus a stable `ErrorMsg`. */
import { z } from "zod";

/** Any REST response body: at least an ErrorCode, maybe an ErrorMsg. */
export const errorEnvelopeSchema = z.looseObject({
  ErrorCode: z.string(),
  ErrorMsg: z.string().optional(),
});

/** A REST response body's envelope part. */
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** A failure body: the code and a stable snake_case reason (never UI text). */
export const failureBodySchema = z.object({
  ErrorCode: z.string().regex(/^(0[1-9]|[1-9]\d{2})$/),
  ErrorMsg: z.string(),
  details: z.unknown().optional(),
});

/** A failure body. */
export type FailureBody = z.infer<typeof failureBodySchema>;

/** "Y"/"N" flags as the spec's payloads carry them. */
export const ynSchema = z.enum(["Y", "N"]);

/** A Y/N flag. */
export type Yn = z.infer<typeof ynSchema>;

/** A boolean that clients may also send as "Y"/"N" or "true"/"false"; parsed to a boolean. */
export const flagSchema = z
  .union([z.boolean(), z.enum(["Y", "N", "y", "n", "true", "false"])])
  .transform((v) => v === true || v === "Y" || v === "y" || v === "true");

/** Name of the header carrying the UI locale on pre-login calls (spec §7); ko-kr when absent. */
export const LOCALE_HEADER = "locale";

/** Header every pre-login call carries (spec §7); the server refuses state-changing pre-login calls without it. */
export const REQUESTED_WITH_HEADER = "X-Requested-With";
