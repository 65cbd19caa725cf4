/**
 * Checks a password for an account and keeps the consecutive-failure count: the attempt that reaches the
 * limit locks the account and ends its sessions. Login and the lock screen both pass through here.
 */
import type { Clock } from "../../clock.js";
import type { AuditRepository } from "../../db/repositories/audit.repository.js";
import type { LoginFailuresRepository } from "../../db/repositories/login-failures.repository.js";
import type { SessionsRepository } from "../../db/repositories/sessions.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import { AUDIT_EVENTS } from "./audit.js";
import { WRONG_PASSWORD_LIMIT } from "./auth-policy.js";
import { verifyAgainstDummy, verifyPassword } from "./password-hasher.js";
import type { SessionEvents } from "./session-events.js";

export type PasswordVerdict = "ok" | "wrong" | "locked";

export class PasswordGate {
  constructor(
    private readonly users: UsersRepository,
    private readonly phantoms: LoginFailuresRepository,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditRepository,
    private readonly sessionEvents: SessionEvents,
    private readonly clock: Clock,
    /** Told the plain password after it proved right, to derive the keys SCRAM logins need (docs/protocol.md §1). */
    private readonly onPasswordVerified?: (
      user: User,
      password: string,
    ) => Promise<void>,
  ) {}

  /**
   * Checks the password of an existing account.
   * @param user the account.
   * @param password the submitted password.
   * @param ip the client address, for the audit log.
   * @param countFailure whether a wrong password counts toward the lock (false for an address that never logged
   *   in to this account: an anonymous client must not be able to lock accounts; docs/auth.md "Lock policy").
   * @returns ok; wrong (count raised, still open); or locked (already, or by this attempt).
   */
  async check(
    user: User,
    password: string,
    ip: string,
    countFailure = true,
  ): Promise<PasswordVerdict> {
    const verdict = await this.checkWith(
      user,
      () => verifyPassword(password, user.passwordHash),
      ip,
      countFailure,
    );
    if (verdict === "ok") await this.onPasswordVerified?.(user, password);
    return verdict;
  }

  /**
   * Counts an attempt whose secret is checked by the caller (a SCRAM proof, an app password) like a password.
   * @param verify checks the secret; not called for a locked account.
   * @returns as for check.
   */
  async checkWith(
    user: User,
    verify: () => Promise<boolean> | boolean,
    ip: string,
    countFailure = true,
  ): Promise<PasswordVerdict> {
    if (user.locked) return "locked";
    if (await verify()) {
      // A wrong attempt running concurrently may have locked the account meanwhile; the lock wins.
      return (await this.users.recordSuccess(user.id)) ? "ok" : "locked";
    }
    if (!countFailure) return "wrong";
    const now = this.clock();
    const count = await this.users.recordFailure(
      user.id,
      WRONG_PASSWORD_LIMIT,
      now,
    );
    if (!count) return "locked";
    if (!count.locked) return "wrong";
    await this.sessions.revokeAllForUser(user.id, "account_locked", now);
    this.sessionEvents.revokedUser(user.id, "account_locked");
    await this.sessions.revokeAutoLoginTokens(user.id);
    await this.audit.record({
      event: AUDIT_EVENTS.accountLocked,
      companyId: user.companyId,
      userId: user.id,
      loginId: user.loginId,
      ip,
      detail: { failedAttempts: count.failedAttempts },
      at: now,
    });
    return "locked";
  }

  /**
   * Handles a password for a login id that has no account exactly like a wrong password for one that
   * has: same hashing work, same counting, same lock after the limit.
   * @param countFailure as for check: false leaves the count alone, like a real account's.
   * @returns wrong or locked, never ok.
   */
  async checkUnknown(
    companyId: number,
    loginId: string,
    password: string | undefined,
    countFailure = true,
  ): Promise<Exclude<PasswordVerdict, "ok">> {
    if ((await this.phantoms.count(companyId, loginId)) >= WRONG_PASSWORD_LIMIT)
      return "locked";
    // A SCRAM attempt (no password) has done its decoy work already.
    if (password !== undefined) await verifyAgainstDummy(password);
    if (!countFailure) return "wrong";
    const count = await this.phantoms.record(
      companyId,
      loginId,
      WRONG_PASSWORD_LIMIT,
      this.clock(),
    );
    return count === undefined || count >= WRONG_PASSWORD_LIMIT
      ? "locked"
      : "wrong";
  }
}
