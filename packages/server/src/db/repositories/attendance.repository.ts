/** Attendance cards: one per user and work day (`yyyyMMdd` in the company's calendar). */
import type { Db } from "../database.js";

export type CardRecord = {
  workDate: string;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  midnightCheckout: boolean;
};

export class AttendanceRepository {
  constructor(private readonly db: Db) {}

  async card(
    userId: number,
    workDate: string,
  ): Promise<CardRecord | undefined> {
    const r = await this.db
      .selectFrom("attendance_cards")
      .selectAll()
      .where("user_id", "=", userId)
      .where("work_date", "=", workDate)
      .executeTakeFirst();
    return (
      r && {
        workDate: r.work_date,
        checkInAt: r.check_in_at,
        checkOutAt: r.check_out_at,
        midnightCheckout: r.midnight_checkout,
      }
    );
  }

  async cards(userId: number, from: string, to: string): Promise<CardRecord[]> {
    const rows = await this.db
      .selectFrom("attendance_cards")
      .selectAll()
      .where("user_id", "=", userId)
      .where("work_date", ">=", from)
      .where("work_date", "<=", to)
      .execute();
    return rows.map((r) => ({
      workDate: r.work_date,
      checkInAt: r.check_in_at,
      checkOutAt: r.check_out_at,
      midnightCheckout: r.midnight_checkout,
    }));
  }

  /**
   * Records a check-in.
   * @param resubmit whether an existing check-in may be replaced.
   * @returns false when the day already has a check-in and resubmission is off.
   */
  async checkIn(
    userId: number,
    workDate: string,
    at: Date,
    resubmit: boolean,
  ): Promise<boolean> {
    const r = await this.db
      .insertInto("attendance_cards")
      .values({ user_id: userId, work_date: workDate, check_in_at: at })
      .onConflict((oc) => {
        const update = oc
          .columns(["user_id", "work_date"])
          .doUpdateSet({ check_in_at: at });
        return resubmit
          ? update
          : update.where("attendance_cards.check_in_at", "is", null);
      })
      .returning("work_date")
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Records a check-out on a day that has a check-in; false when it has none. */
  async checkOut(
    userId: number,
    workDate: string,
    at: Date,
    afterMidnight: boolean,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable("attendance_cards")
      .set({ check_out_at: at, midnight_checkout: afterMidnight })
      .where("user_id", "=", userId)
      .where("work_date", "=", workDate)
      .where("check_in_at", "is not", null)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }
}
