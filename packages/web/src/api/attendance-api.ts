/**
 * Attendance calls of spec §7.3 and the attendance parts of §7.2 (setting, vacation promotion). Check-in and
 * check-out return the server's refusal code (ErrorCode 01, e.g. PU.A.012) instead of throwing, so the panel can
 * show it (spec §8 Attendance).
 */
import {
  attendanceCardSchema,
  attendanceSettingResponseSchema,
  attendanceTodayResponseSchema,
  failureBodySchema,
  vacationPromotionResponseSchema,
  weekReportResponseSchema,
  workTimeResponseSchema,
  type ApiClient,
  type VacationPromotion,
} from "@moa/shared";
import { z } from "zod";

export type AttendanceDayCard = z.infer<typeof attendanceCardSchema>;
export type WeekReportEntry = z.infer<
  typeof weekReportResponseSchema
>["list"][number];
export type WorkTime = z.infer<typeof workTimeResponseSchema>["WorkTimeInfo"];

/** Whether the user may write attendance, and whether check-in may be repeated. */
export async function fetchAttendanceSetting(
  api: ApiClient,
): Promise<{ writePower: boolean; canResubmitCard: boolean }> {
  const res = await api.request({
    path: "/api/v1/chat/home/attendance/setting",
    schema: attendanceSettingResponseSchema,
  });
  return {
    writePower: res.hasAttdWrtPwr === "Y",
    canResubmitCard: res.setting.security.canResubmitCard,
  };
}

/** The card of a day (`yyyyMMdd`). */
export async function fetchDayCard(
  api: ApiClient,
  date: string,
): Promise<AttendanceDayCard> {
  return (
    await api.request({
      path: `/api/v1/attendance/today?date=${date}`,
      schema: attendanceTodayResponseSchema,
    })
  ).result.card;
}

/** Monday to Sunday of the current week. */
export async function fetchWeekReport(
  api: ApiClient,
): Promise<WeekReportEntry[]> {
  return (
    await api.request({
      path: "/api/v1/attendance/report",
      schema: weekReportResponseSchema,
    })
  ).list;
}

/** The user's work time (name, start and end as HHmm). */
export async function fetchWorkTime(
  api: ApiClient,
  loginId: string,
): Promise<WorkTime> {
  return (
    await api.request({
      path: `/api/v1/attendance/${encodeURIComponent(loginId)}/workTime`,
      schema: workTimeResponseSchema,
    })
  ).WorkTimeInfo;
}

/** The running vacation promotion, or null. */
export async function fetchVacationPromotion(
  api: ApiClient,
): Promise<VacationPromotion | null> {
  return (
    await api.request({
      path: "/api/v1/chat/home/getVacationPromotion",
      schema: vacationPromotionResponseSchema,
    })
  ).result;
}

/** A check-in or check-out: the new card, or the server's refusal code. */
export type PunchResult =
  { ok: true; card: AttendanceDayCard } | { ok: false; code: string };

const punchSchema = z.union([
  z.object({
    ErrorCode: z.literal("00"),
    result: z.object({ card: attendanceCardSchema }),
  }),
  failureBodySchema,
]);

const toPunch = (body: z.infer<typeof punchSchema>): PunchResult =>
  "result" in body
    ? { ok: true, card: body.result.card }
    : { ok: false, code: body.ErrorMsg };

/** Checks in (never after midnight: the server refuses it). */
export async function checkIn(api: ApiClient): Promise<PunchResult> {
  return toPunch(
    await api.request({
      method: "POST",
      path: "/api/v1/chat/home/checkin",
      body: { midnAftLtoYn: "N" },
      schema: punchSchema,
    }),
  );
}

/** Checks out today, or after midnight yesterday (`yesterday` = its `yyyyMMdd`). */
export async function checkOut(
  api: ApiClient,
  yesterday: string | null,
): Promise<PunchResult> {
  return toPunch(
    await api.request({
      method: "POST",
      path: "/api/v1/chat/home/checkout",
      body: yesterday
        ? { midnAftLtoYn: "Y", time: { date: yesterday } }
        : { midnAftLtoYn: "N" },
      schema: punchSchema,
    }),
  );
}
