/**
 * Login (POST /api/v1/auth/login2) and the lock-screen password check. Codes follow spec §8.
 *
 * Unknown login ids are answered exactly like wrong passwords (104, then 103 after the same number of tries):
 * the spec's 102 "user information does not exist" would let anyone list the company's accounts, so 102 is kept
 * for an account that exists but was deactivated, and only after its correct password was given.
 */
import type { Clock } from "../../clock.js";
import type { AuditRepository } from "../../db/repositories/audit.repository.js";
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type {
  Department,
  DepartmentsRepository,
} from "../../db/repositories/departments.repository.js";
import type { SessionsRepository } from "../../db/repositories/sessions.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import type { Actor } from "./actor.js";
import { AUDIT_EVENTS } from "./audit.js";
import type { AuthKeys } from "./auth-keys.js";
import { AUTO_LOGIN_TOKEN_PREFIX } from "./auth-policy.js";
import { normalizeDomain, normalizeLoginId } from "./identity.js";
import { decryptPassword } from "./password-crypto.js";
import type { PasswordGate } from "./password-gate.js";
import {
  hashToken,
  type ClientContext,
  type AccountChanged,
  type SessionService,
  type SessionTokens,
} from "./session.service.js";

export type LoginInput = {
  username: string;
  /** The password encrypted to the server key, or an auto-login token from an earlier login. */
  token: string;
  domain: string;
  clientType: string;
  /** Log in even though the password has expired (the user chose "change later"). */
  changePasswordLater: boolean;
  /** Issue an auto-login token to use instead of the password next time. */
  autoLogin: boolean;
  /** Whether a wrong password counts toward the lock: only from an address known to the account (docs/auth.md). */
  countsTowardLock: boolean;
};

export type LoginFailureCode =
  "01" | "101" | "102" | "103" | "104" | "105" | "106";

/** A refused login: the spec's code and a stable snake_case reason (sent as ErrorMsg). */
export type LoginDenied = { ok: false; code: LoginFailureCode; reason: string };

export type LoginResult =
  | {
      ok: true;
      user: User;
      company: Company;
      department: Department | undefined;
      tokens: SessionTokens;
      passwordExpired: boolean;
    }
  | LoginDenied;

export type LockCheckResult =
  { ok: true } | { ok: false; code: "01" | "103" | "104"; reason: string };

/** How a login is refused whose account changed while it was checked (the password: the one given is no longer it). */
const CHANGE_REFUSALS: Record<
  AccountChanged["changed"],
  [LoginFailureCode, string]
> = {
  deactivated: ["102", "user_not_found"],
  locked: ["103", "account_locked"],
  password: ["104", "wrong_password"],
};

const fail = (code: LoginFailureCode, reason: string): LoginDenied => ({
  ok: false,
  code,
  reason,
});

export class LoginService {
  constructor(
    private readonly keys: AuthKeys,
    private readonly companies: CompaniesRepository,
    private readonly users: UsersRepository,
    private readonly departments: DepartmentsRepository,
    private readonly sessionsRepo: SessionsRepository,
    private readonly gate: PasswordGate,
    private readonly sessions: SessionService,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Logs a user in with a password or an auto-login token.
   * @param input the login form.
   * @param ctx the client.
   * @returns the session tokens, or the spec's failure code with a stable reason.
   */
  async login(input: LoginInput, ctx: ClientContext): Promise<LoginResult> {
    const company = await this.companies.findByDomain(
      normalizeDomain(input.domain),
    );
    const loginId = normalizeLoginId(input.username);
    if (!company) {
      await this.logFailure(
        undefined,
        undefined,
        loginId,
        ctx,
        "unknown_domain",
      );
      return fail("101", "unknown_domain");
    }
    const result = input.token.startsWith(AUTO_LOGIN_TOKEN_PREFIX)
      ? await this.checkAutoLogin(company, loginId, input.token, ctx)
      : await this.checkPassword(
          company,
          loginId,
          input.token,
          ctx,
          input.countsTowardLock,
        );
    if (!result.ok) return result;
    const { user, viaAutoLogin } = result;

    if (!user.active) return this.refuse(user, ctx, "102", "user_not_found");
    if (user.passwordExpired && !input.changePasswordLater)
      return this.refuse(user, ctx, "105", "password_expired");
    if (!user.privacyConsent)
      return this.refuse(user, ctx, "106", "privacy_not_agreed");

    const tokens = await this.sessions.open(user, company, ctx, {
      clientType: input.clientType,
      // An auto login always hands out the next token, since the one used is spent.
      autoLogin: input.autoLogin || viaAutoLogin,
    });
    if ("changed" in tokens) {
      const [code, reason] = CHANGE_REFUSALS[tokens.changed];
      return this.refuse(user, ctx, code, reason);
    }
    await this.audit.record({
      event: AUDIT_EVENTS.loginSuccess,
      companyId: company.id,
      userId: user.id,
      loginId: user.loginId,
      ip: ctx.ip,
      detail: {
        sessionId: tokens.sessionId,
        autoLogin: viaAutoLogin,
        client: ctx.client,
      },
      at: this.clock(),
    });
    const department =
      user.departmentId === null
        ? undefined
        : await this.departments.findById(user.departmentId);
    return {
      ok: true,
      user,
      company,
      department,
      tokens,
      passwordExpired: user.passwordExpired,
    };
  }

  /**
   * Checks the password typed on the lock screen; wrong passwords count towards the lock like at login.
   * @param actor the caller.
   * @param token the password encrypted to the server key.
   * @param ip the client address.
   * @returns ok, 104 (wrong), 103 (blocked: the client logs out) or 01 (unreadable token).
   */
  async checkLockPassword(
    actor: Actor,
    token: string,
    ip: string,
  ): Promise<LockCheckResult> {
    const password = decryptPassword(this.keys.passwordPrivateKey, token);
    if (password === undefined)
      return { ok: false, code: "01", reason: "token_unreadable" };
    const user = await this.users.findById(actor.userId);
    if (!user) return { ok: false, code: "103", reason: "account_locked" };
    const verdict = await this.gate.check(user, password, ip);
    if (verdict === "ok") return { ok: true };
    await this.audit.record({
      event: AUDIT_EVENTS.lockScreenFailure,
      companyId: user.companyId,
      userId: user.id,
      loginId: user.loginId,
      ip,
      detail: { verdict },
      at: this.clock(),
    });
    return verdict === "locked"
      ? { ok: false, code: "103", reason: "account_locked" }
      : { ok: false, code: "104", reason: "wrong_password" };
  }

  private async checkPassword(
    company: Company,
    loginId: string,
    token: string,
    ctx: ClientContext,
    countsTowardLock: boolean,
  ): Promise<{ ok: true; user: User; viaAutoLogin: false } | LoginDenied> {
    const password = decryptPassword(this.keys.passwordPrivateKey, token);
    if (password === undefined) return fail("01", "token_unreadable");
    const user = loginId
      ? await this.users.findByLogin(company.id, loginId)
      : undefined;
    const verdict = user
      ? await this.gate.check(user, password, ctx.ip, countsTowardLock)
      : await this.gate.checkUnknown(
          company.id,
          loginId,
          password,
          countsTowardLock,
        );
    if (verdict === "ok" && user)
      return { ok: true, user, viaAutoLogin: false };
    // Same code and reason whether or not the account exists.
    const reason = verdict === "locked" ? "account_locked" : "wrong_password";
    await this.logFailure(
      company,
      user,
      loginId,
      ctx,
      reason,
      user ? undefined : { unknownUser: true },
    );
    return fail(verdict === "locked" ? "103" : "104", reason);
  }

  private async checkAutoLogin(
    company: Company,
    loginId: string,
    token: string,
    ctx: ClientContext,
  ): Promise<{ ok: true; user: User; viaAutoLogin: true } | LoginDenied> {
    const found = await this.sessionsRepo.consumeAutoLoginToken(
      hashToken(token),
      this.clock(),
    );
    if (found.kind === "replayed") {
      // A spent token coming back means a copy exists elsewhere: end every auto login of that user.
      await this.sessionsRepo.revokeAutoLoginTokens(found.userId);
      await this.audit.record({
        event: AUDIT_EVENTS.autoLoginReplay,
        companyId: company.id,
        userId: found.userId,
        loginId,
        ip: ctx.ip,
        at: this.clock(),
      });
    }
    const user =
      found.kind === "ok" ? await this.users.findById(found.userId) : undefined;
    if (!user || user.companyId !== company.id || user.loginId !== loginId) {
      await this.logFailure(company, user, loginId, ctx, "auto_login_rejected");
      return fail("01", "auto_login_rejected");
    }
    if (user.locked) {
      await this.logFailure(company, user, loginId, ctx, "account_locked");
      return fail("103", "account_locked");
    }
    return { ok: true, user, viaAutoLogin: true };
  }

  private async refuse(
    user: User,
    ctx: ClientContext,
    code: LoginFailureCode,
    reason: string,
  ): Promise<LoginResult> {
    const company = await this.companies.findById(user.companyId);
    await this.logFailure(company, user, user.loginId, ctx, reason);
    return fail(code, reason);
  }

  private async logFailure(
    company: Company | undefined,
    user: User | undefined,
    loginId: string,
    ctx: ClientContext,
    reason: string,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    await this.audit.record({
      event: AUDIT_EVENTS.loginFailure,
      companyId: company?.id ?? null,
      userId: user?.id ?? null,
      loginId,
      ip: ctx.ip,
      detail: { reason, ...extra },
      at: this.clock(),
    });
  }
}
