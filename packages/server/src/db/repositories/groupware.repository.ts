/**
 * What the groupware pushes into Moa and what Moa keeps per company for it: workplace settings with the hashed
 * integration key, badge counts, notices, alarms, absence, vacation promotions and one-time mini-window numbers.
 */
import { sql } from "kysely";
import type { Db } from "../database.js";

export type WorkplaceSettings = {
  companyId: number;
  groupwareUrl: string;
  linkPaths: Record<string, string>;
  titleDesignator: number;
  canResubmitCard: boolean;
  utcOffsetMinutes: number;
  workName: string;
  workStart: string;
  workEnd: string;
};

export type WorkplaceSettingsUpdate = Partial<
  Omit<WorkplaceSettings, "companyId">
>;

export type Notice = {
  id: number;
  brdSeq: string;
  title: string;
  content: string;
  popup: boolean;
  startsAt: Date;
  endsAt: Date | null;
};

export type NewNotice = Omit<Notice, "id">;

export type Alarm = {
  id: number;
  typeCode: string;
  title: string;
  sender: string;
  link: string;
  createdAt: Date;
};

const DEFAULT_SETTINGS: Omit<WorkplaceSettings, "companyId"> = {
  groupwareUrl: "",
  linkPaths: {},
  titleDesignator: 1,
  canResubmitCard: false,
  utcOffsetMinutes: 540,
  workName: "",
  workStart: "0900",
  workEnd: "1800",
};

export class GroupwareRepository {
  constructor(private readonly db: Db) {}

  /** The company's settings, or the defaults when none were saved. */
  async settings(companyId: number): Promise<WorkplaceSettings> {
    const r = await this.db
      .selectFrom("workplace_settings")
      .selectAll()
      .where("company_id", "=", companyId)
      .executeTakeFirst();
    if (!r) return { companyId, ...DEFAULT_SETTINGS };
    return {
      companyId,
      groupwareUrl: r.groupware_url,
      linkPaths: r.link_paths,
      titleDesignator: r.title_designator,
      canResubmitCard: r.can_resubmit_card,
      utcOffsetMinutes: r.utc_offset_minutes,
      workName: r.work_name,
      workStart: r.work_start,
      workEnd: r.work_end,
    };
  }

  /** Saves some settings, creating the row with defaults for the rest. */
  async updateSettings(
    companyId: number,
    u: WorkplaceSettingsUpdate,
  ): Promise<void> {
    const next = { ...(await this.settings(companyId)), ...u };
    const values = {
      groupware_url: next.groupwareUrl,
      link_paths: JSON.stringify(next.linkPaths),
      title_designator: next.titleDesignator,
      can_resubmit_card: next.canResubmitCard,
      utc_offset_minutes: next.utcOffsetMinutes,
      work_name: next.workName,
      work_start: next.workStart,
      work_end: next.workEnd,
      updated_at: sql<Date>`now()`,
    };
    await this.db
      .insertInto("workplace_settings")
      .values({ company_id: companyId, integration_key_hash: null, ...values })
      .onConflict((oc) => oc.column("company_id").doUpdateSet(values))
      .execute();
  }

  /** Stores the hash of a company's integration key (replacing any earlier key). */
  async setIntegrationKeyHash(companyId: number, hash: string): Promise<void> {
    await this.updateSettings(companyId, {});
    await this.db
      .updateTable("workplace_settings")
      .set({ integration_key_hash: hash, updated_at: sql<Date>`now()` })
      .where("company_id", "=", companyId)
      .execute();
  }

  /** The company whose integration key hashes to `hash`. */
  async companyByKeyHash(hash: string): Promise<number | undefined> {
    const r = await this.db
      .selectFrom("workplace_settings")
      .select("company_id")
      .where("integration_key_hash", "=", hash)
      .executeTakeFirst();
    return r?.company_id;
  }

  async count(userId: number, kind: string): Promise<number> {
    const r = await this.db
      .selectFrom("gw_counts")
      .select("count")
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .executeTakeFirst();
    return r?.count ?? 0;
  }

  async setCounts(
    userId: number,
    counts: Readonly<Record<string, number>>,
    now: Date,
  ): Promise<void> {
    const rows = Object.entries(counts).map(([kind, count]) => ({
      user_id: userId,
      kind,
      count,
      updated_at: now,
    }));
    if (rows.length === 0) return;
    await this.db
      .insertInto("gw_counts")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["user_id", "kind"]).doUpdateSet((eb) => ({
          count: eb.ref("excluded.count"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }

  /** Inserts or replaces a notice by its board sequence number. */
  async upsertNotice(companyId: number, n: NewNotice): Promise<Notice> {
    const values = {
      title: n.title,
      content: n.content,
      popup: n.popup,
      starts_at: n.startsAt,
      ends_at: n.endsAt,
    };
    const r = await this.db
      .insertInto("gw_notices")
      .values({ company_id: companyId, brd_seq: n.brdSeq, ...values })
      .onConflict((oc) =>
        oc.columns(["company_id", "brd_seq"]).doUpdateSet(values),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: r.id, ...n };
  }

  async deleteNotice(companyId: number, brdSeq: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("gw_notices")
      .where("company_id", "=", companyId)
      .where("brd_seq", "=", brdSeq)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  /** Notices shown at `now`, newest first. */
  async activeNotices(
    companyId: number,
    now: Date,
    popupOnly = false,
  ): Promise<Notice[]> {
    let q = this.db
      .selectFrom("gw_notices")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("starts_at", "<=", now)
      .where((eb) =>
        eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]),
      );
    if (popupOnly) q = q.where("popup", "=", true);
    const rows = await q
      .orderBy("starts_at", "desc")
      .orderBy("id", "desc")
      .limit(50)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      brdSeq: r.brd_seq,
      title: r.title,
      content: r.content,
      popup: r.popup,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
    }));
  }

  async addAlarm(
    userId: number,
    a: Omit<Alarm, "id" | "createdAt">,
    now: Date,
  ): Promise<Alarm> {
    const r = await this.db
      .insertInto("gw_alarms")
      .values({
        user_id: userId,
        type_code: a.typeCode,
        title: a.title,
        sender: a.sender,
        link: a.link,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: r.id, ...a, createdAt: now };
  }

  async setAbsence(userId: number, status: string, now: Date): Promise<void> {
    if (status === "") {
      await this.db
        .deleteFrom("gw_absences")
        .where("user_id", "=", userId)
        .execute();
      return;
    }
    await this.db
      .insertInto("gw_absences")
      .values({ user_id: userId, status, updated_at: now })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({ status, updated_at: now }),
      )
      .execute();
  }

  /** Absence status of users of one company (users elsewhere are left out). */
  async absences(
    companyId: number,
    userIds: readonly number[],
  ): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("gw_absences")
      .innerJoin("users", "users.id", "gw_absences.user_id")
      .select(["gw_absences.user_id", "gw_absences.status"])
      .where("users.company_id", "=", companyId)
      .where("gw_absences.user_id", "in", userIds)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.status]));
  }

  async setVacationPromotion(
    userId: number,
    result: Record<string, unknown> | null,
    now: Date,
  ): Promise<void> {
    if (result === null) {
      await this.db
        .deleteFrom("gw_vacation_promotions")
        .where("user_id", "=", userId)
        .execute();
      return;
    }
    const json = JSON.stringify(result);
    await this.db
      .insertInto("gw_vacation_promotions")
      .values({ user_id: userId, result: json, updated_at: now })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({ result: json, updated_at: now }),
      )
      .execute();
  }

  async vacationPromotion(
    userId: number,
  ): Promise<Record<string, unknown> | undefined> {
    const r = await this.db
      .selectFrom("gw_vacation_promotions")
      .select("result")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return r?.result;
  }

  async addMiniNumber(
    userId: number,
    hash: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto("mini_auth_numbers")
      .values({ number_hash: hash, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  /** Spends a mini-window number: true once, while unexpired, for its own user. */
  async consumeMiniNumber(
    userId: number,
    hash: string,
    now: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable("mini_auth_numbers")
      .set({ used_at: now })
      .where("number_hash", "=", hash)
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}
