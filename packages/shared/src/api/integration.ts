/**
 * The groupware integration API (docs/integration.md): how the groupware pushes counts, notices, popup notices,
 * alarms, absence and vacation promotions into Moa. Authenticated with the company's integration key.
 */
import { z } from "zod";
import { GROUPWARE_COUNT_KINDS } from "./home.js";
import { vacationPromotionSchema } from "./home.js";
import { newsLinkHref } from "../messages/news-link.js";

const loginIdSchema = z.string().trim().min(1).max(100);

/** PUT /integration/v1/counts — body: some counts of one user. */
export const integrationCountsRequestSchema = z.object({
  loginId: loginIdSchema,
  counts: z
    .partialRecord(
      z.enum(GROUPWARE_COUNT_KINDS),
      z.number().int().min(0).max(1_000_000),
    )
    .refine((c) => Object.keys(c).length > 0, "at least one count"),
});

/** POST /integration/v1/notices — body: a notice (upserted by brdSeq). */
export const integrationNoticeRequestSchema = z.object({
  brdSeq: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(300),
  content: z.string().max(20_000).default(""),
  /** Also show it as the popup notice. */
  popup: z.boolean().default(false),
  /** ISO time it is shown from; now when absent. */
  startsAt: z.iso.datetime({ offset: true }).optional(),
  /** ISO time it stops being shown; end of its first day when absent. */
  endsAt: z.iso.datetime({ offset: true }).optional(),
});

/** A groupware link target key with an optional query (`noticeShow?id=7`); no scheme, no path. */
const GROUPWARE_TARGET = /^[A-Za-z][A-Za-z0-9_-]*(\?[^\s]*)?$/;

/** POST /integration/v1/alarms — body: one alarm for one user. */
export const integrationAlarmRequestSchema = z.object({
  loginId: loginIdSchema,
  /** Alarm message type code (spec §3): 003 mail … 011 webfax. */
  type: z.enum(["003", "004", "005", "006", "007", "008", "009", "010", "011"]),
  title: z.string().trim().min(1).max(300),
  sender: z.string().max(100).default(""),
  /**
   * Groupware link target (spec §7.7), e.g. `mail` or `noticeShow?id=7`, or an absolute http(s) URL; the alarm's news
   * room entry links only to the latter. Anything else (javascript:, data:, paths) is refused.
   */
  link: z
    .string()
    .max(500)
    .refine(
      (link) =>
        link === "" ||
        GROUPWARE_TARGET.test(link) ||
        newsLinkHref(link) !== null,
      "must be a groupware link target or an absolute http: or https: URL",
    )
    .default(""),
});

/** PUT /integration/v1/absence — body. */
export const integrationAbsenceRequestSchema = z.object({
  loginId: loginIdSchema,
  /** Absence status code shown next to the user (e.g. vacation, trip); empty clears it. */
  status: z.string().trim().max(30),
});

/** PUT /integration/v1/vacation-promotion — body; result null ends the promotion. */
export const integrationVacationPromotionRequestSchema = z.object({
  loginId: loginIdSchema,
  result: vacationPromotionSchema.nullable(),
});

/** POST /integration/v1/mini/verify — body: a mini-window number the groupware received. */
export const integrationMiniVerifyRequestSchema = z.object({
  loginId: loginIdSchema,
  authNo: z.string().trim().min(1).max(40),
});
