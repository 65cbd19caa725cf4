/**
 * Groupware single sign-on (spec §7.2, §7.7): the signed link the client opens in the browser, the link
 * targets, and the simple-login call of the external menus (webfax, webhard, elecdoc). See docs/integration.md.
 */
import { z } from "zod";

/** Path of the signed-link login (verified by the server, then redirected to the groupware). */
export const SSO_LINK_PATH = "/sso/link";

/** A signed link may be used within this long of its `ts` (either side, for clock skew). */
export const SSO_LINK_MAX_AGE_MS = 5 * 60 * 1000;

/** Groupware link targets (spec §7.7) and the path each opens by default; companies may override paths. */
export const GROUPWARE_LINK_TARGETS = {
  mail: "/mail/list",
  mailWrite: "/mail/write",
  approval: "/approval/list",
  note: "/note/list",
  noteWrite: "/note/write",
  schedule: "/schedule/calendar",
  journal: "/journal/list",
  board: "/board/list",
  address: "/address/list",
  attendance: "/attendance/home",
  cowork: "/cowork/home",
  equipment: "/equipment/reservation",
  survey: "/survey/list",
  sales: "/sales/home",
  webdisk: "/webdisk/home",
  sms: "/sms/list",
  smsWrite: "/sms/write",
  centrexSetting: "/centrex/setting",
  centrexHistory: "/centrex/history",
  noticeList: "/notice/list",
  noticeShow: "/notice/show",
  support: "/support/home",
  home: "/home",
  customer: "/customer/home",
} as const;

/** A link target, e.g. `mail`. */
export type GroupwareLinkTarget = keyof typeof GROUPWARE_LINK_TARGETS;

/**
 * The text a link's signature covers: `uid={uid}&ts={ts}&re={re}` with raw (not URL-encoded) values. The
 * client signs it with HMAC-SHA1 keyed by its Web_Token, encodes the digest in base64 and URL-encodes that as
 * the `sign` parameter.
 * @param link - the user key, the time in epoch milliseconds and the target (with an optional `?query`).
 * @returns the signing input.
 */
export function ssoSigningInput(link: {
  uid: string;
  ts: string;
  re: string;
}): string {
  return `uid=${link.uid}&ts=${link.ts}&re=${link.re}`;
}

/** GET /sso/link — query (values already URL-decoded). */
export const ssoLinkQuerySchema = z.object({
  /** The user key (User_Info.userKey). */
  uid: z.string().regex(/^\d{1,15}$/),
  /** base64 HMAC-SHA1 (20 bytes → 28 characters). */
  sign: z.string().min(1).max(64),
  /** Epoch milliseconds when the link was made. */
  ts: z.string().regex(/^\d{1,15}$/),
  /** Target key, optionally followed by `?` and a query for the groupware page (e.g. `noticeShow?id=7`). */
  re: z.string().min(1).max(500),
});

/** The external single-sign-on menus. */
export const SIMPLE_LOGIN_SERVICES = ["webfax", "webhard", "elecdoc"] as const;

/** POST /external/sso/msn/{service}/simpl.json and /external/sso/msn/webfax/counts — body. */
export const simpleLoginRequestSchema = z.object({
  corpSeq: z.coerce.number().int(),
  usrKey: z.coerce.number().int(),
  count: z.coerce.number().int().optional(),
});

/** simpl.json answer: `success` false carries a message code and no data. */
export const simpleLoginResponseSchema = z.union([
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({
      svcInfo: z.literal("simplogin"),
      certificationkey: z.string(),
      userId: z.string(),
      authKey: z.string(),
      ssoKey: z.string(),
      /** The simple-login page to open in the browser. */
      url: z.string(),
    }),
  }),
  z.object({ success: z.literal(false), message: z.string() }),
]);
