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

/** A presence as written: with the login (auth session) that holds the resource. */
export type PresenceWrite = PresenceRow & { sessionId: string };

/**
 * Records a resource's presence; a resource already recorded keeps its login time.
 * @param db the database.
 * @param row the presence (its login time is used for a resource not recorded yet).
 * @returns the resource's login time as stored.
 */
export async function upsertPresence(
  db: Db,
  row: PresenceWrite,
): Promise<number> {
  const stored = await db
    .insertInto("chat_presence")
    .values({
      user_id: row.userId,
      resource: row.resource,
      target: row.target,
      show: row.show,
      login_time: row.loginTime,
      session_id: row.sessionId,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "resource"]).doUpdateSet({
        show: row.show,
        target: row.target,
        session_id: row.sessionId,
      }),
    )
    .returning("login_time")
    .executeTakeFirstOrThrow();
  return stored.login_time;
}

/**
 * Forgets a resource (it went offline).
 * @param db the database.
 * @param userId the user.
 * @param resource the resource.
 * @returns whether it was recorded.
 */
export async function deletePresence(
  db: Db,
  userId: number,
  resource: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom("chat_presence")
    .where("user_id", "=", userId)
    .where("resource", "=", resource)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/**
 * Forgets a resource only if it still has the given login time (it has not come online again elsewhere since).
 * @param db the database.
 * @param userId the user.
 * @param resource the resource.
 * @param loginTime the login time it was recorded with.
 * @returns whether it was still recorded with that time.
 */
export async function deleteStalePresence(
  db: Db,
  userId: number,
  resource: string,
  loginTime: number,
): Promise<boolean> {
  const r = await db
    .deleteFrom("chat_presence")
    .where("user_id", "=", userId)
    .where("resource", "=", resource)
    .where("login_time", "=", loginTime)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
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
 * Records resources coming online and the login times of their targets, in one statement. The rows must name
 * distinct (user, resource) and distinct (user, target) pairs: one statement cannot update a row twice.
 * @param db the database.
 * @param rows the presences (show "on", login time now).
 * @returns per row, the previous login time of its target, or undefined for a first login.
 */
export async function recordLogins(
  db: Db,
  rows: readonly PresenceWrite[],
): Promise<(number | undefined)[]> {
  if (rows.length === 0) return [];
  const input = sql.join(
    rows.map(
      (r) =>
        sql`(${r.userId}::bigint, ${r.resource}::text, ${r.target}::text, ${r.show}::text, ${r.loginTime}::bigint, ${r.sessionId}::text)`,
    ),
  );
  // Every part of the statement sees the tables as they were before it, so `previous` reads the old login times.
  const { rows: previous } = await sql<{
    userId: number;
    target: string;
    loginTime: number;
  }>`
    with input (user_id, resource, target, show, login_time, session_id) as (values ${input}),
    previous as (
      select l.user_id, l.target, l.login_time
      from chat_logins l join input i on l.user_id = i.user_id and l.target = i.target
    ), presence as (
      insert into chat_presence (user_id, resource, target, show, login_time, session_id)
      select user_id, resource, target, show, login_time, session_id from input
      on conflict (user_id, resource) do update
        set target = excluded.target, show = excluded.show, login_time = excluded.login_time,
          session_id = excluded.session_id
    ), login as (
      insert into chat_logins (user_id, target, login_time)
      select user_id, target, login_time from input
      on conflict (user_id, target) do update set login_time = excluded.login_time
    )
    select user_id as "userId", target, login_time as "loginTime" from previous
  `.execute(db);
  const byKey = new Map(
    previous.map((p) => [`${p.userId}/${p.target}`, p.loginTime]),
  );
  return rows.map((r) => byKey.get(`${r.userId}/${r.target}`));
}
