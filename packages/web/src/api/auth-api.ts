/** Login and session calls of spec §7.1 (getMessengerInfo, login2, isExistSession, handshake, pub/login, logout, lock check). */
import {
  errorEnvelopeSchema,
  existSessionResponseSchema,
  handshakeResponseSchema,
  loginSuccessSchema,
  messengerInfoResponseSchema,
  orgSettingResponseSchema,
  orgTreeResponseSchema,
  publicLoginResponseSchema,
  type ApiClient,
  type LoginRequest,
  type LoginSuccess,
  type OrgTreeResponse,
} from "@moa/shared";
import { z } from "zod";

const q = encodeURIComponent;

/** The company's public password key, or null when the domain is unknown. */
export async function fetchMessengerInfo(api: ApiClient, domain: string) {
  const [first] = await api.request({
    path: `/sso/messenger/getMessengerInfo?domain=${q(domain)}`,
    auth: false,
    schema: messengerInfoResponseSchema,
  });
  return first?.isSuccess ? first : null;
}

/** The login answer: success, or the spec §8 ErrorCode. */
export type LoginAnswer =
  { ok: true; body: LoginSuccess } | { ok: false; code: string };

const loginAnswerSchema = z.union([loginSuccessSchema, errorEnvelopeSchema]);

/** POST /api/v1/auth/login2. */
export async function login(
  api: ApiClient,
  body: LoginRequest,
): Promise<LoginAnswer> {
  const res = await api.request({
    method: "POST",
    path: "/api/v1/auth/login2",
    body,
    auth: false,
    schema: loginAnswerSchema,
  });
  const success = loginSuccessSchema.safeParse(res);
  return success.success
    ? { ok: true, body: success.data }
    : { ok: false, code: res.ErrorCode };
}

/** Whether the user's ID already runs in another messenger session. */
export async function checkExistingSession(
  api: ApiClient,
  corpSeq: number,
  msngname: string,
): Promise<boolean> {
  const res = await api.request({
    method: "POST",
    path: "/api/v1/chat/home/isExistSession",
    body: { corpSeq, msngname },
    schema: existSessionResponseSchema,
  });
  return res.isExist;
}

/** The chat server to connect to, or null when the handshake failed. */
export async function handshake(api: ApiClient, email: string) {
  const res = await api.request({
    path: `/sso/messenger/handshake?email=${q(email)}`,
    schema: handshakeResponseSchema,
  });
  return res.success ? res : null;
}

/** The org tree (the whole company). */
export async function fetchOrgTree(
  api: ApiClient,
  orgUrl: string,
): Promise<OrgTreeResponse> {
  return api.request({
    path: `/api/v1/orgtree/tree/${q(orgUrl)}`,
    schema: orgTreeResponseSchema,
  });
}

/** Whether the virtual org branch shows. */
export async function fetchOrgSetting(api: ApiClient): Promise<boolean> {
  const res = await api.request({
    path: "/api/v1/chat/home/org/setting",
    schema: orgSettingResponseSchema,
  });
  return res.orgSetting.VirtUseYN === "Y";
}

/** The company's display name for a domain, or null when unknown. */
export async function fetchCompanyName(
  api: ApiClient,
  domain: string,
): Promise<string | null> {
  const res = await api.request({
    path: `/api/v1/pub/login?domnNm=${q(domain)}`,
    auth: false,
  });
  const parsed = publicLoginResponseSchema.safeParse(res);
  return parsed.success ? parsed.data.companyInfo.name : null;
}

/** Ends the session on the server (best effort: the client forgets it either way). */
export async function logoutSession(api: ApiClient): Promise<void> {
  await api.request({ method: "POST", path: "/api/v1/auth/logout", body: {} });
}

/** The lock screen's password check: the ErrorCode (00 unlocks; 103, 104, others per spec §8). */
export async function verifyLockPassword(
  api: ApiClient,
  token: string,
): Promise<string> {
  const res = await api.request({
    method: "POST",
    path: "/api/v1/auth/lock/verify",
    body: { token },
    schema: errorEnvelopeSchema,
  });
  return res.ErrorCode;
}
