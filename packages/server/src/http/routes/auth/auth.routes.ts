/**
 * Login and session routes (spec §7.1; docs/auth.md): getMessengerInfo, pub/login, login2, token refresh,
 * logout, the lock-screen password check, isExistSession and the messenger handshake.
 */
import {
  ERROR_CODES,
  existSessionRequestSchema,
  handshakeQuerySchema,
  loginRequestSchema,
  lockVerifyRequestSchema,
  messengerInfoQuerySchema,
  PASSWORD_KEY_ALGORITHM,
  publicLoginQuerySchema,
  tokenRefreshRequestSchema,
  type LoginSuccess,
  type MessengerInfoResponse,
} from "@moa/shared";
import type { HttpApp } from "../../http-app.js";
import type { Config } from "../../../config.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../../services/auth/auth-policy.js";
import { userJid } from "../../../services/auth/identity.js";
import type { IdentityServices } from "../../../services/services.js";
import { hashToken } from "../../../services/auth/session.service.js";
import type { AuthThrottle } from "../../../services/throttle/auth-throttle.js";
import { requireActor } from "../../auth-hook.js";
import { clientContext, requireRequestedWith } from "../../client-context.js";
import { failBody, okBody } from "../../envelope.js";
import { chatServerUrl } from "../../public-url.js";
import { parseInput } from "../../validate.js";

const yn = (b: boolean) => (b ? "Y" : "N");
const noStore = { "cache-control": "no-store" };

/** Login codes given only after the right password: the client knows the credentials (docs/auth.md). */
const RIGHT_PASSWORD_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.userNotFound,
  ERROR_CODES.passwordExpired,
  ERROR_CODES.privacyNotAgreed,
]);

/**
 * Registers the routes.
 * @param app the Fastify app.
 * @param deps services and configuration.
 */
export function registerAuthRoutes(
  app: HttpApp,
  deps: { services: IdentityServices; config: Config; throttle: AuthThrottle },
): void {
  const { services, config, throttle } = deps;

  app.get(
    "/sso/messenger/getMessengerInfo",
    async (req): Promise<MessengerInfoResponse> => {
      const { domain } = parseInput(messengerInfoQuerySchema, req.query);
      const info = await services.messengerInfo.messengerInfo(domain);
      if (!info) return [{ isSuccess: false }];
      return [
        {
          isSuccess: true,
          basicDoamin: info.company.domain,
          companyName: info.company.name,
          passwordKey: {
            alg: PASSWORD_KEY_ALGORITHM,
            spki: info.passwordKeySpki,
          },
        },
      ];
    },
  );

  app.get("/api/v1/pub/login", { config: { public: true } }, async (req) => {
    const { domnNm } = parseInput(publicLoginQuerySchema, req.query);
    const info = await services.messengerInfo.messengerInfo(domnNm);
    return info
      ? okBody({ companyInfo: { name: info.company.name } })
      : failBody("101", "unknown_domain");
  });

  app.post(
    "/api/v1/auth/login2",
    { config: { public: true } },
    async (req, reply) => {
      requireRequestedWith(req);
      const body = parseInput(loginRequestSchema, req.body);
      void reply.headers(noStore);
      const attempt = await throttle.admitLogin(
        body.domnNm,
        body.username,
        req.ip,
      );
      const result = await services.login.login(
        {
          username: body.username,
          token: body.token,
          domain: body.domnNm,
          clientType: body.type,
          changePasswordLater: body.isChangePwdLater,
          autoLogin: body.autoLogin,
          countsTowardLock: attempt.known,
        },
        clientContext(req),
      );
      if (result.ok || RIGHT_PASSWORD_CODES.has(result.code))
        await throttle.loginSucceeded(attempt);
      if (!result.ok) return failBody(result.code, result.reason);
      const { user, company, tokens } = result;
      const department = result.department;
      const tokenInfo: LoginSuccess["Token_Info"] = {
        Access_Token: tokens.accessToken,
        Expires_In: ACCESS_TOKEN_TTL_SECONDS,
        Refresh_Token: tokens.refreshToken,
        Web_Token: tokens.webToken,
        Consented: yn(user.privacyConsent),
      };
      if (tokens.autoLoginToken)
        tokenInfo.Auto_Login_Token = tokens.autoLoginToken;
      const response: LoginSuccess = {
        ErrorCode: "00",
        clientIp: req.ip,
        securedDomain: company.domain,
        Token_Info: tokenInfo,
        User_Info: {
          userKey: user.id,
          corpSeq: company.id,
          deptId: department?.key ?? "",
          deptName: department?.name ?? "",
          loginId: user.loginId,
          messengerId: userJid(user, company),
          name: user.name,
          nickname: user.nickname,
          position: user.position,
          title: user.title,
          email: user.email,
          // Empty without an uploaded photo: clients draw the initials themselves.
          photoUrl: user.photoUrl ?? "",
          domain: company.domain,
          companyName: company.name,
          xmppDomain: company.xmppDomain,
          freeUserYn: yn(user.freeUser),
          isUseSms: yn(user.smsUse && company.menuConfig.smsUsed === true),
          crxUserYn: yn(user.centrexUser),
          hasAttdWrtPwr: yn(user.attendanceWritePower),
          pwdExpiredYn: yn(result.passwordExpired),
        },
      };
      return response;
    },
  );

  app.post(
    "/api/v1/auth/token/refresh",
    { config: { public: true } },
    async (req, reply) => {
      requireRequestedWith(req);
      const { refreshToken } = parseInput(tokenRefreshRequestSchema, req.body);
      void reply.headers(noStore);
      await throttle.admitRefresh(
        req.ip,
        await services.repositories.sessions.userOfRefreshToken(
          hashToken(refreshToken),
        ),
      );
      const result = await services.sessions.refresh(
        refreshToken,
        clientContext(req),
      );
      if (!result.ok) {
        await throttle.refreshFailed(req.ip);
        return failBody(result.code, result.reason);
      }
      return okBody({
        Token_Info: {
          Access_Token: result.tokens.accessToken,
          Expires_In: ACCESS_TOKEN_TTL_SECONDS,
          Refresh_Token: result.tokens.refreshToken,
        },
      });
    },
  );

  app.post("/api/v1/auth/logout", async (req) => {
    await services.sessions.logout(requireActor(req), req.ip);
    return okBody({});
  });

  app.post("/api/v1/auth/lock/verify", async (req) => {
    const { token } = parseInput(lockVerifyRequestSchema, req.body);
    const actor = requireActor(req);
    await throttle.admitLockVerify(req.ip, actor.userId);
    const result = await services.login.checkLockPassword(actor, token, req.ip);
    if (result.ok) return okBody({});
    await throttle.lockVerifyFailed(req.ip);
    return failBody(result.code, result.reason);
  });

  app.post("/api/v1/chat/home/isExistSession", async (req) => {
    const body = parseInput(existSessionRequestSchema, req.body);
    const isExist = await services.sessions.hasOtherSession(requireActor(req), {
      corpSeq: body.corpSeq,
      messengerName: body.msngname,
    });
    return okBody({ isExist });
  });

  app.get(
    "/sso/messenger/handshake",
    { config: { auth: true } },
    async (req) => {
      const { email } = parseInput(handshakeQuerySchema, req.query);
      const company = await services.messengerInfo.handshake(
        requireActor(req),
        email,
      );
      if (!company) return { success: false };
      return {
        success: true,
        xmppDomain: company.xmppDomain,
        chatServer: chatServerUrl(req, config),
        orgUrl: company.orgUrl,
      };
    },
  );
}
