/** Internet phone call logs of a user (single and group calls). */
import { sql } from "kysely";
import type { Db } from "../database.js";

export type CallLogEntry = {
  recType: string;
  recUsrKey: string;
  recUsrName: string;
  recPhone: string;
  crxCallType: string;
};

export class CentrexRepository {
  constructor(private readonly db: Db) {}

  async insert(
    userId: number,
    entries: readonly CallLogEntry[],
    groupId: string | null,
    now: Date,
  ): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto("centrex_call_logs")
      .values(
        entries.map((e) => ({
          user_id: userId,
          group_id: groupId,
          rec_type: e.recType,
          rec_usr_key: e.recUsrKey,
          rec_usr_name: e.recUsrName,
          rec_phone: e.recPhone,
          crx_call_type: e.crxCallType,
          created_at: now,
        })),
      )
      .execute();
  }

  /** The user's most recently called numbers, one row per number, newest first. */
  async recentNumbers(
    userId: number,
    limit: number,
  ): Promise<Omit<CallLogEntry, "recType" | "crxCallType">[]> {
    const rows = await this.db
      .selectFrom("centrex_call_logs as l")
      .select(["l.rec_usr_key", "l.rec_usr_name", "l.rec_phone"])
      .where("l.user_id", "=", userId)
      .where((eb) =>
        eb(
          "l.id",
          "=",
          eb
            .selectFrom("centrex_call_logs as x")
            .select(sql<number>`max(x.id)`.as("id"))
            .where("x.user_id", "=", userId)
            .whereRef("x.rec_phone", "=", "l.rec_phone"),
        ),
      )
      .orderBy("l.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      recUsrKey: r.rec_usr_key,
      recUsrName: r.rec_usr_name,
      recPhone: r.rec_phone,
    }));
  }
}
