/**
 * Login sessions, their rotating refresh tokens (one family per session) and auto-login tokens.
 * Tokens are stored only as SHA-256 hashes; consuming one is a single conditional UPDATE.
 */
import { sql } from "kysely";
import { CoalescingLoader } from "../coalescing-loader.js";
import type { Db } from "../database.js";

export type Session = {
  id: string;
  userId: number;
  companyId: number;
  client: string;
  clientType: string;
  locale: string;
  clientIp: string;
  webToken: string;
  /** The user's password version at login. */
  passwordVersion: number;
  createdAt: Date;
  revokedAt: Date | null;
};

export type NewSession = {
  id: string;
  userId: number;
  companyId: number;
  client: string;
  clientType: string;
  locale: string;
  clientIp: string;
  webToken: string;
  passwordVersion: number;
  /** The app password the login used, which must still exist. */
  appPasswordId?: number | undefined;
  now: Date;
};

/** What consuming a refresh token found. */
export type RefreshConsumption =
  | { kind: "ok"; sessionId: string }
  | { kind: "replayed"; sessionId: string }
  | { kind: "expired"; sessionId: string }
  | { kind: "unknown" };

/** What consuming an auto-login token found. */
export type AutoLoginConsumption =
  | { kind: "ok"; userId: number }
  | { kind: "replayed"; userId: number }
  | { kind: "expired"; userId: number }
  | { kind: "unknown" };

export class SessionsRepository {
  /**
   * Every access-token check reads its session's revocation, so concurrent checks share one query. Each lookup is
   * still a fresh read issued after it was asked for: a revocation committed before a check is always seen.
   */
  private readonly revocations: CoalescingLoader<
    string,
    Date | null | undefined
  >;

  constructor(private readonly db: Db) {
    this.revocations = new CoalescingLoader(async (ids) => {
      const rows = await this.db
        .selectFrom("auth_sessions")
        .select(["id", "revoked_at"])
        .where("id", "in", ids)
        .execute();
      return new Map(rows.map((r) => [r.id, r.revoked_at]));
    }, undefined);
  }

  /**
   * Stores a new session, unless its user changed after the login read them: deactivated, locked, or given a new
   * password (or, for an app password's login, that app password deleted). The statement share-locks the user's row
   * and the app password's, so a deactivation, lock, password change or app-password revocation (each updates or
   * deletes the row, then revokes the sessions) either commits first, and this stores nothing, or waits for this
   * session to be stored and then revokes it with the others: no session outlives the end of its access.
   * @returns false when the user or the app password no longer matches (nothing stored).
   */
  async create(s: NewSession): Promise<boolean> {
    const appPassword =
      s.appPasswordId === undefined
        ? sql``
        : sql`join app_passwords ap on ap.user_id = u.id and ap.id = ${s.appPasswordId}`;
    const stored = await sql<{ id: string }>`
      insert into auth_sessions
        (id, user_id, company_id, client, client_type, locale, client_ip, web_token, password_version, created_at)
      select ${s.id}::text, u.id, ${s.companyId}::bigint, ${s.client}::text, ${s.clientType}::text,
        ${s.locale}::text, ${s.clientIp}::text, ${s.webToken}::text, u.password_version, ${s.now}::timestamptz
      from users u ${appPassword}
      where u.id = ${s.userId} and u.active and not u.locked and u.password_version = ${s.passwordVersion}
      for share
      returning id`.execute(this.db);
    return stored.rows.length === 1;
  }

  /** @returns the session, revoked or not, if it exists. */
  async findById(id: string): Promise<Session | undefined> {
    const r = await this.db
      .selectFrom("auth_sessions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return (
      r && {
        id: r.id,
        userId: r.user_id,
        companyId: r.company_id,
        client: r.client,
        clientType: r.client_type,
        locale: r.locale,
        clientIp: r.client_ip,
        webToken: r.web_token,
        passwordVersion: r.password_version,
        createdAt: r.created_at,
        revokedAt: r.revoked_at,
      }
    );
  }

  /** @returns the revocation time of the session; undefined when it does not exist. */
  revokedAt(id: string): Promise<Date | null | undefined> {
    return this.revocations.get(id);
  }

  /** Revokes one session. @returns false when it was already revoked or does not exist. */
  async revoke(id: string, reason: string, now: Date): Promise<boolean> {
    const r = await this.db
      .updateTable("auth_sessions")
      .set({ revoked_at: now, revoke_reason: reason })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    return r !== undefined;
  }

  /**
   * Revokes a user's open sessions opened by one client (e.g. an app password's).
   * @returns the ids of the sessions revoked.
   */
  async revokeByClient(
    userId: number,
    client: string,
    reason: string,
    now: Date,
  ): Promise<string[]> {
    const rows = await this.db
      .updateTable("auth_sessions")
      .set({ revoked_at: now, revoke_reason: reason })
      .where("user_id", "=", userId)
      .where("client", "=", client)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    return rows.map((r) => r.id);
  }

  /** Revokes every open session of a user. @returns how many were open. */
  async revokeAllForUser(
    userId: number,
    reason: string,
    now: Date,
  ): Promise<number> {
    const rows = await this.db
      .updateTable("auth_sessions")
      .set({ revoked_at: now, revoke_reason: reason })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    return rows.length;
  }

  /**
   * Tells whether another open login of the user, of this client type, holds a live chat connection (a presence
   * row: written when a resource comes online, removed when it goes offline or its node dies).
   * @returns true when such a login is connected.
   */
  async hasOtherConnected(
    userId: number,
    exceptSessionId: string,
    clientType: string,
  ): Promise<boolean> {
    const r = await this.db
      .selectFrom("chat_presence as p")
      .innerJoin("auth_sessions as s", "s.id", "p.session_id")
      .select("s.id")
      .where("p.user_id", "=", userId)
      .where("s.id", "!=", exceptSessionId)
      .where("s.client_type", "=", clientType)
      .where("s.revoked_at", "is", null)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Stores a refresh token hash for a session. */
  async addRefreshToken(
    sessionId: string,
    tokenHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<void> {
    await this.db
      .insertInto("refresh_tokens")
      .values({
        token_hash: tokenHash,
        session_id: sessionId,
        expires_at: expiresAt,
        created_at: now,
      })
      .execute();
  }

  /**
   * Marks a refresh token used, exactly once even under concurrent calls.
   * @returns ok with its session, or why not (a second use is a replay).
   */
  async consumeRefreshToken(
    tokenHash: string,
    now: Date,
  ): Promise<RefreshConsumption> {
    const used = await this.db
      .updateTable("refresh_tokens")
      .set({ used_at: now })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("session_id")
      .executeTakeFirst();
    if (used) return { kind: "ok", sessionId: used.session_id };
    const row = await this.db
      .selectFrom("refresh_tokens")
      .select(["session_id", "used_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return { kind: "unknown" };
    return {
      kind: row.used_at ? "replayed" : "expired",
      sessionId: row.session_id,
    };
  }

  /**
   * Reads, without using it, whose session a refresh token belongs to (for the per-user refresh limit).
   * @returns the user id, or undefined for a token never issued.
   */
  async userOfRefreshToken(tokenHash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("refresh_tokens")
      .innerJoin(
        "auth_sessions",
        "auth_sessions.id",
        "refresh_tokens.session_id",
      )
      .select("auth_sessions.user_id")
      .where("refresh_tokens.token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Stores an auto-login token hash for a user. */
  async addAutoLoginToken(
    userId: number,
    tokenHash: string,
    expiresAt: Date,
    now: Date,
  ): Promise<void> {
    await this.db
      .insertInto("auto_login_tokens")
      .values({
        token_hash: tokenHash,
        user_id: userId,
        expires_at: expiresAt,
        created_at: now,
      })
      .execute();
  }

  /**
   * Marks an auto-login token used, exactly once.
   * @returns ok with its user, or why not (a second use is a replay).
   */
  async consumeAutoLoginToken(
    tokenHash: string,
    now: Date,
  ): Promise<AutoLoginConsumption> {
    const used = await this.db
      .updateTable("auto_login_tokens")
      .set({ used_at: now })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .returning("user_id")
      .executeTakeFirst();
    if (used) return { kind: "ok", userId: used.user_id };
    const row = await this.db
      .selectFrom("auto_login_tokens")
      .select(["user_id", "used_at"])
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return { kind: "unknown" };
    return { kind: row.used_at ? "replayed" : "expired", userId: row.user_id };
  }

  /** Deletes every auto-login token of a user (on replay or password change). */
  async revokeAutoLoginTokens(userId: number): Promise<void> {
    await this.db
      .deleteFrom("auto_login_tokens")
      .where("user_id", "=", userId)
      .execute();
  }
}
