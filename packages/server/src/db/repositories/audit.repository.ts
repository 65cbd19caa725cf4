/** The append-only audit log of security events (logins, locks, unlocks, token replays). */
import type { Db } from "../database.js";

export type AuditEvent = {
  event: string;
  companyId?: number | null;
  userId?: number | null;
  loginId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
  at: Date;
};

export type AuditEntry = Required<Omit<AuditEvent, "detail">> & {
  id: number;
  detail: Record<string, unknown>;
};

export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Appends one event. */
  async record(e: AuditEvent): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({
        event: e.event,
        company_id: e.companyId ?? null,
        user_id: e.userId ?? null,
        login_id: e.loginId ?? null,
        ip: e.ip ?? null,
        detail: JSON.stringify(e.detail ?? {}),
        created_at: e.at,
      })
      .execute();
  }

  /** @returns the company's events, newest first. */
  async listByCompany(companyId: number, limit = 100): Promise<AuditEntry[]> {
    const rows = await this.db
      .selectFrom("audit_log")
      .selectAll()
      .where("company_id", "=", companyId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      event: r.event,
      companyId: r.company_id,
      userId: r.user_id,
      loginId: r.login_id,
      ip: r.ip,
      detail: r.detail,
      at: r.created_at,
    }));
  }
}
