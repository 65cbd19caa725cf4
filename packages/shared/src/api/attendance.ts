/**
 * Attendance API (spec §7.3): today's card, the week report, work time, check-in and check-out (after midnight
 * with yesterday's date). Refusals answer ErrorCode 01 with a code the client shows (e.g. PU.A.012).
 */
import { z } from "zod";
import { ynSchema } from "./envelope.js";

const yyyyMMdd = z.string().regex(/^\d{8}$/);

/** GET /api/v1/attendance/today?date= — query (the company's today when absent). */
export const attendanceTodayQuerySchema = z.object({
  date: yyyyMMdd.optional(),
});

const cardTimeSchema = z.object({
  hour: z.number().int(),
  minute: z.number().int(),
});

/** An attendance card (spec §3). */
export const attendanceCardSchema = z.object({
  date: z.string(),
  checkedIn: z.boolean(),
  checkedOut: z.boolean(),
  in: z.object({ time: cardTimeSchema }).nullable(),
  out: z.object({ time: cardTimeSchema }).nullable(),
  midnAftLtoYn: ynSchema,
});

/** today success. */
export const attendanceTodayResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  result: z.object({ card: attendanceCardSchema }),
});

/** A week report entry (spec §3): header month/day, card times as HH:mm ("" when unset). */
export const weekReportEntrySchema = z.object({
  header: z.object({
    mon: z.string(),
    day: z.string(),
    date: z.string(),
    weekday: z.number().int(),
  }),
  card: z.object({
    inTime: z.string(),
    outTime: z.string(),
    midnAftLtoYn: ynSchema,
  }),
});

/** GET /api/v1/attendance/report success: Monday to Sunday of the current week. */
export const weekReportResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  list: z.array(weekReportEntrySchema),
});

/** GET /api/v1/attendance/{id}/workTime success. */
export const workTimeResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  WorkTimeInfo: z.object({
    workNm: z.string(),
    workStart: z.string(),
    workEnd: z.string(),
  }),
});

/** POST /api/v1/chat/home/checkin — body. */
export const checkInRequestSchema = z.object({
  midnAftLtoYn: ynSchema.default("N"),
});

/** POST /api/v1/chat/home/checkout — body; after midnight, time.date is yesterday. */
export const checkOutRequestSchema = z.object({
  midnAftLtoYn: ynSchema.default("N"),
  time: z.object({ date: yyyyMMdd }).optional(),
});
