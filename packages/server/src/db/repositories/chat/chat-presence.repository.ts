/** Presence rows (one per connected resource) and last login times per target. */
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
 * Records a login and returns the previous one for the same target.
 * @param db the database.
 * @param userId the user.
 * @param target pc, webchat, web or mobile.
 * @param at the login time.
 * @returns the previous login time, or undefined for a first login.
 */
export async function swapLoginTime(
  db: Db,
  userId: number,
  target: string,
  at: number,
): Promise<number | undefined> {
  return db.transaction().execute(async (tx) => {
    const previous = await tx
      .selectFrom("chat_logins")
      .select("login_time")
      .where("user_id", "=", userId)
      .where("target", "=", target)
      .forUpdate()
      .executeTakeFirst();
    await tx
      .insertInto("chat_logins")
      .values({ user_id: userId, target, login_time: at })
      .onConflict((oc) =>
        oc.columns(["user_id", "target"]).doUpdateSet({ login_time: at }),
      )
      .execute();
    return previous?.login_time;
  });
}
