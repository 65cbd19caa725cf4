/**
 * Home, profile and menu API (spec §7.2): my profile, badge counts, nickname, mini-window number, display and
 * menu settings, today's notices, the popup notice, vacation promotion and the incoming-call lookup.
 */
import { z } from "zod";
import { ynSchema } from "./envelope.js";
import { orgUserSchema } from "./org.js";

/** Kinds of badge count at GET /api/v1/chat/home/{kind}/counts. */
export const HOME_COUNT_KINDS = [
  "mail",
  "note",
  "apr",
  "sch",
  "todo",
  "frndreq",
  "msg",
] as const;

/** A badge count kind. */
export type HomeCountKind = (typeof HOME_COUNT_KINDS)[number];

/** Every count the groupware may push: the home kinds plus webfax (its own SSO endpoint reads it). */
export const GROUPWARE_COUNT_KINDS = [...HOME_COUNT_KINDS, "webfax"] as const;

/** A pushable count kind. */
export type GroupwareCountKind = (typeof GROUPWARE_COUNT_KINDS)[number];

/** GET /api/v1/chat/home/myProfile success: the caller as an org user row. */
export const myProfileResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  UserProfile: orgUserSchema,
});

/** GET /api/v1/chat/home/{kind}/counts success. */
export const countsResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  counts: z.number().int().min(0),
});

/** PUT /api/v1/chat/home/nick/update — body; the length rule (MA.US.A.011) is checked by the service. */
export const nicknameUpdateRequestSchema = z.object({
  nickname: z.string().max(200),
});

/** POST /api/v1/chat/home/mini/reqnum success: a one-time number valid for a few minutes. */
export const miniAuthResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  miniAuthNo: z.string(),
});

/** GET /api/v1/chat/home/uimanager/setting success; designator code 1 shows positions, anything else titles. */
export const uiManagerSettingResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  setting: z.object({
    organizationUserPresenter: z.object({
      designator: z.object({ code: z.number().int() }),
    }),
  }),
});

/** GET /api/v1/menucnfg/menu/setting success: `<menu>Used` flags as Y/N (free users never get mail, sms, centrex). */
export const menuSettingResponseSchema = z
  .object({ ErrorCode: z.literal("00") })
  .catchall(z.union([z.string(), ynSchema]));

/** GET /api/v1/chat/home/attendance/setting success. */
export const attendanceSettingResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  hasAttdWrtPwr: ynSchema,
  setting: z.object({
    security: z.object({ canResubmitCard: z.boolean() }),
  }),
});

/** A notice in today's list (spec §3 notice). */
export const noticeItemSchema = z.object({
  id: z.string(),
  property: z.object({ title: z.string() }),
});

/** GET /api/v1/chat/home/noti/today success. */
export const todayNoticesResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  noti_list: z.array(noticeItemSchema),
});

/** The popup notice (spec §3). */
export const noticePopupSchema = z.object({
  title: z.string(),
  content: z.string(),
  brd_seq: z.string(),
});

/** GET /api/v1/setting/notice/popup success; noticePopup is null when there is none. */
export const noticePopupResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  noticePopup: noticePopupSchema.nullable(),
});

/** Vacation promotion result (spec §3). */
export const vacationPromotionSchema = z.object({
  paidLeaveUsagePlan: z.boolean(),
  paidLeaveDesignation: z.boolean(),
  refusalAcceptWork: z.object({
    rejectNoticeConfig: z.object({ viewTrgCd: z.string() }),
    desgUsedDay: z.number(),
  }),
});

/** A vacation promotion result. */
export type VacationPromotion = z.infer<typeof vacationPromotionSchema>;

/** GET /api/v1/chat/home/getVacationPromotion success; result is null when none is running. */
export const vacationPromotionResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  result: vacationPromotionSchema.nullable(),
});

/** GET /api/v1/centrex/findUser and /sales/api/v1/sfa/contactFindUser — query. */
export const callerLookupQuerySchema = z.object({
  callNumber: z.string().trim().min(1).max(40),
});

/** Caller lookup success. */
export const callerLookupResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  usrInfo: z.object({ id: z.string(), company: z.string(), name: z.string() }),
});
