/** Presence rows (one per connected resource) and last login times per target. */
import { sql } from "kysely";
import type { Db } from "../../database.js";

export type PresenceRow = {
  userId: number;
  resource: string;
  target: string;
  show: string;
  loginTime: number;
};

/**
 * Records a resource's presence.
 * @param db the database.
 * @param row the presence.
 */
export async function upsertPresence(db: Db, row: PresenceRow): Promise<void> {
  await db
    .insertInto("chat_presence")
    .values({
      user_id: row.userId,
      resource: row.resource,
      target: row.target,
      show: row.show,
      login_time: row.loginTime,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "resource"])
        .doUpdateSet({ show: row.show, target: row.target }),
    )
    .execute();
}

/**
 * Forgets a resource (it went offline).
 * @param db the database.
 * @param userId the user.
 * @param resource the resource.
 */
export async function deletePresence(
  db: Db,
  userId: number,
  resource: string,
): Promise<void> {
  await db
    .deleteFrom("chat_presence")
    .where("user_id", "=", userId)
    .where("resource", "=", resource)
    .execute();
}

/**
 * Current presence rows of users.
 * @param db the database.
 * @param userIds the users.
 * @returns their connected resources.
 */
export async function listPresence(
  db: Db,
  userIds: readonly number[],
): Promise<PresenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("chat_presence")
    .select([
      "user_id as userId",
      "resource",
      "target",
      "show",
      "login_time as loginTime",
    ])
    .where("user_id", "in", userIds)
    .execute();
}

/**
 * Records a resource coming online and the login time of its target, in one statement.
 * @param db the database.
 * @param row the presence (show "on", login time now).
 * @returns the previous login time of that target, or undefined for a first login.
 */
export async function recordLogin(
  db: Db,
  row: PresenceRow,
): Promise<number | undefined> {
  const { rows } = await sql<{ previous: number | null }>`
    with previous as (
      select login_time from chat_logins where user_id = ${row.userId} and target = ${row.target}
    ), presence as (
      insert into chat_presence (user_id, resource, target, show, login_time)
      values (${row.userId}, ${row.resource}, ${row.target}, ${row.show}, ${row.loginTime})
      on conflict (user_id, resource) do update
        set target = excluded.target, show = excluded.show, login_time = excluded.login_time
    ), login as (
      insert into chat_logins (user_id, target, login_time)
      values (${row.userId}, ${row.target}, ${row.loginTime})
      on conflict (user_id, target) do update set login_time = excluded.login_time
    )
    select (select login_time from previous) as previous
  `.execute(db);
  return rows[0]?.previous ?? undefined;
}
