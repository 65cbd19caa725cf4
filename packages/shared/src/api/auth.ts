/**
 * Login and session API (spec §7.1 and docs/auth.md): request and response bodies for getMessengerInfo, login2,
 * isExistSession, handshake, pub/login, token refresh, lock-screen check and logout.
 */
import { z } from "zod";
import { flagSchema, ynSchema } from "./envelope.js";

/** Algorithm of the password key: RSA-OAEP with SHA-256 (WebCrypto `{ name: "RSA-OAEP", hash: "SHA-256" }`). */
export const PASSWORD_KEY_ALGORITHM = "RSA-OAEP-256";

/** GET /sso/messenger/getMessengerInfo?domain= — query. */
export const messengerInfoQuerySchema = z.object({
  domain: z.string().trim().min(1).max(253),
});

/** One item of the getMessengerInfo answer (an array; the first item counts). `basicDoamin` is spelled as in the spec. */
export const messengerInfoItemSchema = z.union([
  z.object({
    isSuccess: z.literal(true),
    basicDoamin: z.string(),
    companyName: z.string(),
    /** The key passwords are encrypted to before login2. */
    passwordKey: z.object({
      alg: z.literal(PASSWORD_KEY_ALGORITHM),
      /** DER SubjectPublicKeyInfo, base64 (import with format "spki"). */
      spki: z.string(),
    }),
  }),
  z.object({ isSuccess: z.literal(false) }),
]);

/** getMessengerInfo response. */
export const messengerInfoResponseSchema = z
  .array(messengerInfoItemSchema)
  .min(1);

/** getMessengerInfo response. */
export type MessengerInfoResponse = z.infer<typeof messengerInfoResponseSchema>;

/** POST /api/v1/auth/login2 — body. */
export const loginRequestSchema = z.object({
  /** Groupware login id; an `@domain` part is dropped. */
  username: z.string().trim().min(1).max(100),
  /** The password encrypted to `passwordKey` (base64), or an auto-login token (`moa_al_…`) from an earlier login. */
  token: z.string().min(1).max(2048),
  /** Company domain. */
  domnNm: z.string().trim().min(1).max(253),
  type: z.literal("chat").default("chat"),
  /** Log in although the password expired (user chose "change later"). */
  isChangePwdLater: flagSchema.default(false),
  /** Ask for an auto-login token in Token_Info.Auto_Login_Token. */
  autoLogin: flagSchema.default(false),
  /** Accepted for compatibility; the org tree has its own version (orgVersion / ETag). */
  lastUptTime: z.string().max(32).optional(),
});

/** login2 body as the client builds it. */
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Tokens handed out at login (spec §3 Token_Info, extended; see docs/auth.md). */
export const tokenInfoSchema = z.object({
  Access_Token: z.string(),
  /** Seconds until Access_Token expires (3600); refresh every 50 minutes. */
  Expires_In: z.number(),
  Refresh_Token: z.string(),
  /** Key for groupware single-sign-on link signatures (spec §7.7). */
  Web_Token: z.string(),
  Consented: ynSchema,
  /** Present when autoLogin was asked or the login used an auto-login token; keep it instead of the password. */
  Auto_Login_Token: z.string().optional(),
});

/** Login user info (spec §3 User_Info). */
export const userInfoSchema = z.object({
  userKey: z.number(),
  corpSeq: z.number(),
  /** Key of the user's department. */
  deptId: z.string(),
  deptName: z.string(),
  loginId: z.string(),
  /** Bare chat JID. */
  messengerId: z.string(),
  name: z.string(),
  nickname: z.string(),
  position: z.string(),
  title: z.string(),
  email: z.string(),
  photoUrl: z.string(),
  domain: z.string(),
  companyName: z.string(),
  xmppDomain: z.string(),
  freeUserYn: ynSchema,
  isUseSms: ynSchema,
  crxUserYn: ynSchema,
  hasAttdWrtPwr: ynSchema,
  /** Y when the password expired and the user logged in with isChangePwdLater. */
  pwdExpiredYn: ynSchema,
});

/** Login user info. */
export type UserInfo = z.infer<typeof userInfoSchema>;

/** login2 success. */
export const loginSuccessSchema = z.object({
  ErrorCode: z.literal("00"),
  clientIp: z.string(),
  securedDomain: z.string(),
  Token_Info: tokenInfoSchema,
  User_Info: userInfoSchema,
});

/** login2 success body. */
export type LoginSuccess = z.infer<typeof loginSuccessSchema>;

/** POST /api/v1/chat/home/isExistSession — body. */
export const existSessionRequestSchema = z.object({
  corpSeq: z.coerce.number().int(),
  /** The caller's own messenger name: login id or chat JID. */
  msngname: z.string().trim().min(1).max(300),
});

/** isExistSession success. */
export const existSessionResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  isExist: z.boolean(),
});

/** GET /sso/messenger/handshake?email= — query: the login id joined to the domain. */
export const handshakeQuerySchema = z.object({
  email: z.string().trim().min(3).max(400),
});

/** handshake response. */
export const handshakeResponseSchema = z.union([
  z.object({
    success: z.literal(true),
    xmppDomain: z.string(),
    /** WebSocket URL of the chat server (RFC 7395), ending in /ws/. */
    chatServer: z.string(),
    orgUrl: z.string(),
  }),
  z.object({ success: z.literal(false) }),
]);

/** GET /api/v1/pub/login?domnNm= — query. */
export const publicLoginQuerySchema = z.object({
  domnNm: z.string().trim().min(1).max(253),
});

/** pub/login success. */
export const publicLoginResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  companyInfo: z.object({ name: z.string() }),
});

/** POST /api/v1/auth/token/refresh — body (our shape; docs/auth.md). */
export const tokenRefreshRequestSchema = z.object({
  refreshToken: z.string().min(1).max(200),
});

/** token refresh success: a new access token and the next refresh token (the one sent is spent). */
export const tokenRefreshResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  Token_Info: z.object({
    Access_Token: z.string(),
    Expires_In: z.number(),
    Refresh_Token: z.string(),
  }),
});

/** token refresh success body. */
export type TokenRefreshResponse = z.infer<typeof tokenRefreshResponseSchema>;

/** POST /api/v1/auth/lock/verify — body: the password encrypted like login2's token. */
export const lockVerifyRequestSchema = z.object({
  token: z.string().min(1).max(2048),
});
