/**
 * Users (employees) of a company. Failure counting and locking are single conditional UPDATEs,
 * so concurrent wrong passwords can never push the count past the limit or skip the lock.
 */
import { sql, type Selectable, type Updateable } from "kysely";
import type { Db } from "../database.js";
import type { UsersTable } from "../schema.js";

export type User = {
  id: number;
  companyId: number;
  loginId: string;
  departmentId: number | null;
  order: number;
  name: string;
  position: string;
  title: string;
  email: string;
  mobile: string;
  phone: string;
  extension: string;
  photoUrl: string | null;
  nickname: string;
  jobDescription: string;
  freeUser: boolean;
  centrexUser: boolean;
  smsUse: boolean;
  attendanceWritePower: boolean;
  passwordHash: string;
  passwordChangedAt: Date;
  passwordVersion: number;
  failedAttempts: number;
  locked: boolean;
  passwordExpired: boolean;
  privacyConsent: boolean;
  active: boolean;
};

/** Profile and account fields an administrator sets; every one optional on update. */
export type UserFields = {
  departmentId: number | null;
  order: number;
  name: string;
  position: string;
  title: string;
  email: string;
  mobile: string;
  phone: string;
  extension: string;
  photoUrl: string | null;
  nickname: string;
  jobDescription: string;
  freeUser: boolean;
  centrexUser: boolean;
  smsUse: boolean;
  attendanceWritePower: boolean;
  passwordExpired: boolean;
  privacyConsent: boolean;
  active: boolean;
};

export type NewUser = Partial<UserFields> & {
  companyId: number;
  loginId: string;
  name: string;
  passwordHash: string;
  locked?: boolean;
  failedAttempts?: number;
};

/** The outcome of counting one failed password. */
export type FailureCount = { failedAttempts: number; locked: boolean };

const toUser = (r: Selectable<UsersTable>): User => ({
  id: r.id,
  companyId: r.company_id,
  loginId: r.login_id,
  departmentId: r.department_id,
  order: r.sort_order,
  name: r.name,
  position: r.position,
  title: r.title,
  email: r.email,
  mobile: r.mobile,
  phone: r.phone,
  extension: r.extension,
  photoUrl: r.photo_url,
  nickname: r.nickname,
  jobDescription: r.job_description,
  freeUser: r.free_user,
  centrexUser: r.centrex_user,
  smsUse: r.sms_use,
  attendanceWritePower: r.attendance_write_power,
  passwordHash: r.password_hash,
  passwordChangedAt: r.password_changed_at,
  passwordVersion: r.password_version,
  failedAttempts: r.failed_attempts,
  locked: r.locked,
  passwordExpired: r.password_expired,
  privacyConsent: r.privacy_consent,
  active: r.active,
});

const columnsOf = (f: Partial<UserFields>): Updateable<UsersTable> => {
  const c: Updateable<UsersTable> = {};
  if (f.departmentId !== undefined) c.department_id = f.departmentId;
  if (f.order !== undefined) c.sort_order = f.order;
  if (f.name !== undefined) c.name = f.name;
  if (f.position !== undefined) c.position = f.position;
  if (f.title !== undefined) c.title = f.title;
  if (f.email !== undefined) c.email = f.email;
  if (f.mobile !== undefined) c.mobile = f.mobile;
  if (f.phone !== undefined) c.phone = f.phone;
  if (f.extension !== undefined) c.extension = f.extension;
  if (f.photoUrl !== undefined) c.photo_url = f.photoUrl;
  if (f.nickname !== undefined) c.nickname = f.nickname;
  if (f.jobDescription !== undefined) c.job_description = f.jobDescription;
  if (f.freeUser !== undefined) c.free_user = f.freeUser;
  if (f.centrexUser !== undefined) c.centrex_user = f.centrexUser;
  if (f.smsUse !== undefined) c.sms_use = f.smsUse;
  if (f.attendanceWritePower !== undefined)
    c.attendance_write_power = f.attendanceWritePower;
  if (f.passwordExpired !== undefined) c.password_expired = f.passwordExpired;
  if (f.privacyConsent !== undefined) c.privacy_consent = f.privacyConsent;
  if (f.active !== undefined) c.active = f.active;
  return c;
};

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** @returns the user with this login id in the company, if any. */
  async findByLogin(
    companyId: number,
    loginId: string,
  ): Promise<User | undefined> {
    const r = await this.db
      .selectFrom("users")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("login_id", "=", loginId)
      .executeTakeFirst();
    return r && toUser(r);
  }

  /** @returns the user with this id, if any. */
  async findById(id: number): Promise<User | undefined> {
    const r = await this.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return r && toUser(r);
  }

  /** @returns active users of the company, in display order (for the org tree). */
  async listActiveByCompany(companyId: number): Promise<User[]> {
    const rows = await this.db
      .selectFrom("users")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("active", "=", true)
      .orderBy("sort_order")
      .orderBy("name")
      .execute();
    return rows.map(toUser);
  }

  /** @returns every user of the company, active or not. */
  async listByCompany(companyId: number): Promise<User[]> {
    const rows = await this.db
      .selectFrom("users")
      .selectAll()
      .where("company_id", "=", companyId)
      .execute();
    return rows.map(toUser);
  }

  /** @returns the new user. */
  async create(u: NewUser): Promise<User> {
    const r = await this.db
      .insertInto("users")
      .values({
        ...columnsOf(u),
        company_id: u.companyId,
        login_id: u.loginId,
        name: u.name,
        password_hash: u.passwordHash,
        locked: u.locked ?? false,
        failed_attempts: u.failedAttempts ?? 0,
        locked_at: u.locked ? new Date() : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(r);
  }

  /**
   * Inserts many users in one statement (bulk import and the benchmark generator).
   * @returns how many were inserted.
   */
  async insertMany(list: readonly NewUser[]): Promise<number> {
    if (list.length === 0) return 0;
    const res = await this.db
      .insertInto("users")
      .values(
        list.map((u) => ({
          ...columnsOf(u),
          company_id: u.companyId,
          login_id: u.loginId,
          name: u.name,
          password_hash: u.passwordHash,
        })),
      )
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0);
  }

  /** @returns the updated user, or undefined when it does not exist. */
  async update(
    id: number,
    fields: Partial<UserFields>,
  ): Promise<User | undefined> {
    const r = await this.db
      .updateTable("users")
      .set({ ...columnsOf(fields), updated_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    return r && toUser(r);
  }

  /** Sets a new password hash, clearing the expired flag and raising the password version. */
  async setPassword(
    id: number,
    passwordHash: string,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable("users")
      .set((eb) => ({
        password_hash: passwordHash,
        password_changed_at: now,
        password_version: eb("password_version", "+", 1),
        password_expired: false,
        updated_at: now,
      }))
      .where("id", "=", id)
      .execute();
  }

  /**
   * Counts one wrong password; the attempt that reaches `limit` locks the account.
   * @returns the new count and lock state, or undefined when the account was already locked.
   */
  async recordFailure(
    id: number,
    limit: number,
    now: Date,
  ): Promise<FailureCount | undefined> {
    const r = await this.db
      .updateTable("users")
      .set((eb) => ({
        failed_attempts: eb("failed_attempts", "+", 1),
        // SET expressions see the row before the update, hence "+ 1" in each.
        locked: sql<boolean>`failed_attempts + 1 >= ${limit}`,
        locked_at: sql<Date | null>`case when failed_attempts + 1 >= ${limit} then ${now}::timestamptz end`,
      }))
      .where("id", "=", id)
      .where("locked", "=", false)
      .returning(["failed_attempts", "locked"])
      .executeTakeFirst();
    return r && { failedAttempts: r.failed_attempts, locked: r.locked };
  }

  /**
   * Resets the failure count after a correct password, unless a concurrent attempt locked the account first.
   * @returns false when the account is locked.
   */
  async recordSuccess(id: number): Promise<boolean> {
    const r = await this.db
      .updateTable("users")
      .set({ failed_attempts: 0 })
      .where("id", "=", id)
      .where("locked", "=", false)
      .returning("id")
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Locks an account (administrator action). */
  async lock(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ locked: true, locked_at: now })
      .where("id", "=", id)
      .execute();
  }

  /** Unlocks an account and clears its failure count. @returns false when no such user. */
  async unlock(id: number): Promise<boolean> {
    const r = await this.db
      .updateTable("users")
      .set({ locked: false, locked_at: null, failed_attempts: 0 })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    return r !== undefined;
  }
}
