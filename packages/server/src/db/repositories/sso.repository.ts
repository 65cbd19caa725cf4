/** The web tokens of a user's open sessions: the keys single-sign-on links are signed with (read-only). */
import type { Db } from "../database.js";

export class SsoRepository {
  constructor(private readonly db: Db) {}

  /** Web tokens of the user's sessions that are not revoked, newest first. */
  async activeWebTokens(userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("auth_sessions")
      .select("web_token")
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .orderBy("created_at", "desc")
      .limit(20)
      .execute();
    return rows.map((r) => r.web_token);
  }
}
