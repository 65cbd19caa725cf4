/**
 * Attendance (spec §4, §5, §7.3): today's card, the week report, work time, check-in and check-out. Days are
 * the company's calendar days (its UTC offset). Check-out after midnight closes yesterday's card, which must
 * have a check-in (PU.A.012); a second check-in needs canResubmitCard. Writing needs attendance write power.
 */
import {
  checkAfterMidnightCheckout,
  formatLocalTime,
  toLocalFields,
} from "@moa/shared";
import type { Clock } from "../../clock.js";
import type {
  AttendanceRepository,
  CardRecord,
} from "../../db/repositories/attendance.repository.js";
import type { CompaniesRepository } from "../../db/repositories/companies.repository.js";
import type { GroupwareRepository } from "../../db/repositories/groupware.repository.js";
import type { UsersRepository } from "../../db/repositories/users.repository.js";
import { notFound } from "../../errors.js";
import type { Actor } from "../auth/actor.js";
import { refusal } from "../refusal.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Codes of attendance refusals besides the spec's PU.A.012. */
export const ATTENDANCE_CODES = {
  noYesterdayCard: "PU.A.012",
  noWritePower: "attendance.error.noWritePower",
  alreadyCheckedIn: "attendance.error.alreadyCheckedIn",
  notCheckedIn: "attendance.error.notCheckedIn",
  afterMidnightCheckIn: "attendance.error.afterMidnightCheckIn",
  notYesterday: "attendance.error.notYesterday",
} as const;

export type CardTime = { hour: number; minute: number };
export type Card = {
  date: string;
  checkIn: CardTime | null;
  checkOut: CardTime | null;
  afterMidnight: boolean;
};
export type WeekDay = { date: string; weekday: number; card: Card };

export class AttendanceService {
  constructor(
    private readonly cards: AttendanceRepository,
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly settings: GroupwareRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller's card of a day.
   * @param actor the caller.
   * @param date `yyyyMMdd`; the company's today when absent.
   * @returns the card (empty when none was recorded).
   */
  async card(actor: Actor, date: string | undefined): Promise<Card> {
    const offset = await this.offset(actor);
    const day = date ?? this.today(offset);
    return this.toCard(day, await this.cards.card(actor.userId, day), offset);
  }

  /**
   * The caller's current week, Monday to Sunday.
   * @param actor the caller.
   * @returns seven days with their cards.
   */
  async week(actor: Actor): Promise<WeekDay[]> {
    const offset = await this.offset(actor);
    const now = this.clock().getTime();
    const local = new Date(now + offset * 60_000);
    const sinceMonday = (local.getUTCDay() + 6) % 7;
    const days = Array.from({ length: 7 }, (_, i) =>
      formatLocalTime(now + (i - sinceMonday) * DAY_MS, offset, "yyyyMMdd"),
    );
    const first = days[0] ?? "";
    const last = days[6] ?? "";
    const records = new Map(
      (await this.cards.cards(actor.userId, first, last)).map((c) => [
        c.workDate,
        c,
      ]),
    );
    return days.map((date, i) => ({
      date,
      weekday: (i + 1) % 7,
      card: this.toCard(date, records.get(date), offset),
    }));
  }

  /**
   * The work time of the caller (company schedule).
   * @param actor the caller.
   * @param loginId whose; only the caller's own is served.
   * @throws AppError user_not_found for anybody else.
   */
  async workTime(
    actor: Actor,
    loginId: string,
  ): Promise<{ name: string; start: string; end: string }> {
    if (loginId !== actor.loginId && loginId !== String(actor.userId))
      throw notFound("user_not_found");
    const s = await this.settings.settings(actor.companyId);
    return { name: s.workName, start: s.workStart, end: s.workEnd };
  }

  /**
   * Checks the caller in for today.
   * @param afterMidnight the after-midnight box; checking in with it ticked is refused.
   * @returns today's card.
   * @throws AppError (refusal) noWritePower, afterMidnightCheckIn, alreadyCheckedIn.
   */
  async checkIn(actor: Actor, afterMidnight: boolean): Promise<Card> {
    await this.requireWritePower(actor);
    if (afterMidnight) throw refusal(ATTENDANCE_CODES.afterMidnightCheckIn);
    const offset = await this.offset(actor);
    const { canResubmitCard } = await this.settings.settings(actor.companyId);
    const today = this.today(offset);
    if (
      !(await this.cards.checkIn(
        actor.userId,
        today,
        this.clock(),
        canResubmitCard,
      ))
    )
      throw refusal(ATTENDANCE_CODES.alreadyCheckedIn);
    return this.card(actor, today);
  }

  /**
   * Checks the caller out: of today, or after midnight of yesterday (`date` must then be yesterday).
   * @returns the card checked out.
   * @throws AppError (refusal) noWritePower, PU.A.012 (no check-in yesterday), notYesterday, notCheckedIn.
   */
  async checkOut(
    actor: Actor,
    afterMidnight: boolean,
    date: string | undefined,
  ): Promise<Card> {
    await this.requireWritePower(actor);
    const offset = await this.offset(actor);
    const now = this.clock();
    const day = afterMidnight
      ? formatLocalTime(now.getTime() - DAY_MS, offset, "yyyyMMdd")
      : this.today(offset);
    if (afterMidnight) {
      if (date !== undefined && date !== day)
        throw refusal(ATTENDANCE_CODES.notYesterday);
      const yesterday = await this.cards.card(actor.userId, day);
      const check = checkAfterMidnightCheckout(
        "Y",
        yesterday ? { checkedIn: yesterday.checkInAt !== null } : null,
      );
      if (!check.ok) throw refusal(check.code);
    }
    if (!(await this.cards.checkOut(actor.userId, day, now, afterMidnight)))
      throw refusal(
        afterMidnight
          ? ATTENDANCE_CODES.noYesterdayCard
          : ATTENDANCE_CODES.notCheckedIn,
      );
    return this.card(actor, day);
  }

  private async requireWritePower(actor: Actor): Promise<void> {
    const [user, company] = await Promise.all([
      this.users.findById(actor.userId),
      this.companies.findById(actor.companyId),
    ]);
    if (
      company?.menuConfig.attendanceUsed !== true ||
      user?.attendanceWritePower !== true
    )
      throw refusal(ATTENDANCE_CODES.noWritePower);
  }

  private async offset(actor: Actor): Promise<number> {
    return (await this.settings.settings(actor.companyId)).utcOffsetMinutes;
  }

  private today(offset: number): string {
    return formatLocalTime(this.clock().getTime(), offset, "yyyyMMdd");
  }

  private toCard(
    date: string,
    r: CardRecord | undefined,
    offset: number,
  ): Card {
    const time = (d: Date | null): CardTime | null => {
      if (!d) return null;
      const f = toLocalFields(d.getTime(), offset);
      return { hour: f.hour, minute: f.minute };
    };
    return {
      date,
      checkIn: time(r?.checkInAt ?? null),
      checkOut: time(r?.checkOutAt ?? null),
      afterMidnight: r?.midnightCheckout ?? false,
    };
  }
}
