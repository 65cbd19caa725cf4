/**
 * Failure counters for login ids that have no account. They lock after the same number of attempts
 * as real accounts, so the lock-out sequence does not reveal whether an account exists.
 */
import type { Db } from "../database.js";

export class LoginFailuresRepository {
  constructor(private readonly db: Db) {}

  /** @returns the failure count recorded for this unknown login id (0 when none). */
  async count(companyId: number, loginId: string): Promise<number> {
    const r = await this.db
      .selectFrom("login_failures")
      .select("failed_attempts")
      .where("company_id", "=", companyId)
      .where("login_id", "=", loginId)
      .executeTakeFirst();
    return r?.failed_attempts ?? 0;
  }

  /**
   * Counts one failure, atomically and never past `limit`.
   * @returns the new count, or undefined when it had already reached the limit.
   */
  async record(
    companyId: number,
    loginId: string,
    limit: number,
    now: Date,
  ): Promise<number | undefined> {
    const r = await this.db
      .insertInto("login_failures")
      .values({
        company_id: companyId,
        login_id: loginId,
        failed_attempts: 1,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(["company_id", "login_id"])
          .doUpdateSet((eb) => ({
            failed_attempts: eb("login_failures.failed_attempts", "+", 1),
            updated_at: now,
          }))
          .where("login_failures.failed_attempts", "<", limit),
      )
      .returning("failed_attempts")
      .executeTakeFirst();
    return r?.failed_attempts;
  }
}
