/**
 * Sessions: opening one at login, rotating its refresh token, ending it, and telling whether the user is
 * signed in elsewhere. A refresh token used twice is treated as stolen and ends its whole session (family).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "../../clock.js";
import { forbidden } from "../../errors.js";
import type { AuditRepository } from "../../db/repositories/audit.repository.js";
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type { SessionsRepository } from "../../db/repositories/sessions.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import type { Actor } from "./actor.js";
import { AUDIT_EVENTS } from "./audit.js";
import {
  AUTO_LOGIN_TOKEN_PREFIX,
  AUTO_LOGIN_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_PREFIX,
  REFRESH_TOKEN_TTL_SECONDS,
} from "./auth-policy.js";
import { actorOf } from "./identity.js";
import type { RevocationReason, SessionEvents } from "./session-events.js";
import type { AccessTokenService } from "./token.service.js";

/** Where a request came from: recorded on the session and in the audit log. */
export type ClientContext = {
  ip: string;
  /** The X-Requested-With value, naming the client application. */
  client: string;
  /** ko-kr or en-us, from the locale header. */
  locale: string;
};

/** The credentials handed to a client at login. */
export type SessionTokens = {
  sessionId: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
  /** Key for signing groupware single-sign-on links (spec §7.7). */
  webToken: string;
  /** Present when the client asked for auto login. */
  autoLoginToken?: string;
};

/** The refresh outcome; codes follow spec §8's token refresh failures. */
export type RefreshResult =
  | {
      ok: true;
      tokens: Omit<SessionTokens, "webToken" | "autoLoginToken">;
      actor: Actor;
    }
  | { ok: false; code: "102" | "103" | "104" | "107"; reason: string };

/**
 * Hashes a bearer secret for storage: tokens are 256-bit random, so a fast hash suffices.
 * @returns hex SHA-256.
 */
export const hashToken = (token: string) =>
  createHash("sha256").update(token).digest("hex");

/**
 * What ended an account's access while a login was being checked: no session was opened. `password`: the secret the
 * login checked is no longer valid (the account password changed, or the app password used was revoked).
 */
export type AccountChanged = { changed: "deactivated" | "locked" | "password" };

/** The client type of the PC messenger; the same-session check looks only at these. */
export const CHAT_CLIENT_TYPE = "chat";

const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly tokens: AccessTokenService,
    private readonly audit: AuditRepository,
    private readonly sessionEvents: SessionEvents,
    private readonly clock: Clock,
  ) {}

  /**
   * Opens a session after a successful login.
   * @param user the account that logged in.
   * @param company its company.
   * @param ctx the client.
   * @param opts client type, whether to issue an auto-login token, and the app password the login used if any.
   * @returns the tokens for the client; what changed when the account was deactivated, locked or given a new
   *   password after the login read it (no session is opened then).
   */
  async open(
    user: User,
    company: Company,
    ctx: ClientContext,
    opts: {
      clientType: string;
      autoLogin: boolean;
      appPasswordId?: number | undefined;
    },
  ): Promise<SessionTokens | AccountChanged> {
    const now = this.clock();
    const sessionId = randomUUID();
    const webToken = randomBytes(32).toString("base64url");
    const opened = await this.sessions.create({
      id: sessionId,
      userId: user.id,
      companyId: company.id,
      client: ctx.client,
      clientType: opts.clientType,
      locale: ctx.locale,
      clientIp: ctx.ip,
      webToken,
      passwordVersion: user.passwordVersion,
      appPasswordId: opts.appPasswordId,
      now,
    });
    if (!opened) {
      const current = await this.users.findById(user.id);
      return {
        changed: !current?.active
          ? "deactivated"
          : current.locked
            ? "locked"
            : "password",
      };
    }
    const access = this.tokens.issue(actorOf(user, company, sessionId));
    const refresh = await this.newRefreshToken(sessionId, now);
    const tokens: SessionTokens = {
      sessionId,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      refreshToken: refresh.token,
      refreshTokenExpiresAt: refresh.expiresAt,
      webToken,
    };
    if (opts.autoLogin)
      tokens.autoLoginToken = await this.newAutoLoginToken(user.id, now);
    return tokens;
  }

  /**
   * Exchanges a refresh token for a new access token and a new refresh token.
   * @param refreshToken the token from login or the previous refresh.
   * @param ctx the client, for the audit log.
   * @returns new tokens, or 107 (token not usable), 102 (account gone), 103 (locked), 104 (password changed).
   */
  async refresh(
    refreshToken: string,
    ctx: ClientContext,
  ): Promise<RefreshResult> {
    const now = this.clock();
    const found = await this.sessions.consumeRefreshToken(
      hashToken(refreshToken),
      now,
    );
    if (found.kind === "unknown")
      return { ok: false, code: "107", reason: "refresh_token_invalid" };
    if (found.kind === "expired")
      return { ok: false, code: "107", reason: "refresh_token_expired" };
    const session = await this.sessions.findById(found.sessionId);
    if (!session)
      return { ok: false, code: "107", reason: "refresh_token_invalid" };
    if (found.kind === "replayed") {
      await this.sessions.revoke(session.id, "refresh_token_replay", now);
      this.sessionEvents.revokedSession(
        session.userId,
        session.id,
        "refresh_token_replay",
      );
      await this.audit.record({
        event: AUDIT_EVENTS.refreshReplay,
        companyId: session.companyId,
        userId: session.userId,
        ip: ctx.ip,
        detail: { sessionId: session.id },
        at: now,
      });
      return { ok: false, code: "107", reason: "refresh_token_replayed" };
    }
    const user = await this.users.findById(session.userId);
    const company = user && (await this.companies.findById(user.companyId));
    const end = async (
      code: "102" | "103" | "104",
      reason: string,
      cause: RevocationReason,
    ): Promise<RefreshResult> => {
      if (await this.sessions.revoke(session.id, reason, now))
        this.sessionEvents.revokedSession(session.userId, session.id, cause);
      return { ok: false, code, reason };
    };
    // The account's state is answered before the session's: a lock or a password change has already revoked
    // every session, and the client must learn which of them happened (spec §8 token refresh failures).
    if (!user || !company || !user.active)
      return end("102", "user_not_found", "deactivated");
    if (user.locked) return end("103", "account_locked", "account_locked");
    if (user.passwordVersion !== session.passwordVersion)
      return end("104", "password_changed", "password_changed");
    if (session.revokedAt)
      return { ok: false, code: "107", reason: "session_revoked" };
    const actor = actorOf(user, company, session.id);
    const access = this.tokens.issue(actor);
    const next = await this.newRefreshToken(session.id, now);
    this.sessionEvents.renewed(session.userId, session.id, access.expiresAt);
    return {
      ok: true,
      actor,
      tokens: {
        sessionId: session.id,
        accessToken: access.token,
        accessTokenExpiresAt: access.expiresAt,
        refreshToken: next.token,
        refreshTokenExpiresAt: next.expiresAt,
      },
    };
  }

  /**
   * Ends the caller's session: its access and refresh tokens stop working on every node.
   * @param actor the caller.
   * @param ip the client address, for the audit log.
   */
  async logout(actor: Actor, ip: string): Promise<void> {
    const now = this.clock();
    if (!(await this.sessions.revoke(actor.sessionId, "logout", now))) return;
    this.sessionEvents.revokedSession(actor.userId, actor.sessionId, "logout");
    await this.audit.record({
      event: AUDIT_EVENTS.logout,
      companyId: actor.companyId,
      userId: actor.userId,
      loginId: actor.loginId,
      ip,
      at: now,
    });
  }

  /**
   * Ends the sessions one client of a user opened (the logins of a revoked app password), streams included.
   * @param userId the user.
   * @param client the client name recorded at login.
   * @param cause the reason streams are closed with.
   */
  async endClientSessions(
    userId: number,
    client: string,
    cause: RevocationReason,
  ): Promise<void> {
    for (const id of await this.sessions.revokeByClient(
      userId,
      client,
      cause,
      this.clock(),
    ))
      this.sessionEvents.revokedSession(userId, id, cause);
  }

  /**
   * Tells whether the caller is signed in on another messenger (spec §2.2 same-session dialog): another open
   * chat login holds a live chat connection. A login whose messenger was closed without logging out does not count
   * (once its connection's resumption window has passed).
   * @param actor the caller.
   * @param input the company (corpSeq) and messenger name asked about; only the caller's own may be asked.
   * @returns true when another session exists.
   * @throws AppError forbidden when asking about someone else.
   */
  async hasOtherSession(
    actor: Actor,
    input: { corpSeq: number; messengerName: string },
  ): Promise<boolean> {
    const name = input.messengerName.trim().toLowerCase();
    const own = [
      actor.loginId,
      actor.jid,
      actor.jid.split("@")[0],
      `${actor.loginId}@${actor.domain}`,
    ];
    if (input.corpSeq !== actor.companyId || !own.includes(name))
      throw forbidden("session check for another user");
    return this.sessions.hasOtherConnected(
      actor.userId,
      actor.sessionId,
      CHAT_CLIENT_TYPE,
    );
  }

  /**
   * Reads the web token of the caller's session (the key of groupware single-sign-on links, spec §7.7).
   * @returns the token, or undefined when the session has ended.
   */
  async webToken(actor: Actor): Promise<string | undefined> {
    const s = await this.sessions.findById(actor.sessionId);
    return s && !s.revokedAt ? s.webToken : undefined;
  }

  /**
   * Issues a one-time auto-login token for a user (stored hashed).
   * @returns the token for the client to keep instead of the password.
   */
  async newAutoLoginToken(userId: number, now: Date): Promise<string> {
    const token =
      AUTO_LOGIN_TOKEN_PREFIX + randomBytes(32).toString("base64url");
    await this.sessions.addAutoLoginToken(
      userId,
      hashToken(token),
      addSeconds(now, AUTO_LOGIN_TOKEN_TTL_SECONDS),
      now,
    );
    return token;
  }

  private async newRefreshToken(sessionId: string, now: Date) {
    const token = REFRESH_TOKEN_PREFIX + randomBytes(32).toString("base64url");
    const expiresAt = addSeconds(now, REFRESH_TOKEN_TTL_SECONDS);
    await this.sessions.addRefreshToken(
      sessionId,
      hashToken(token),
      expiresAt,
      now,
    );
    return { token, expiresAt };
  }
}
