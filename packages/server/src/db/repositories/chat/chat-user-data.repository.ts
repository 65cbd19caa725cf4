/** Per-user chat data (spec §3 userData/alarmData): room pin orders, private room flag, rooms with muted alarms. */
import type { Db } from "../../database.js";

export type UserDataRecord = {
  roomOrders: string;
  privateRoom: boolean;
  blockedAlarms: string;
};

/**
 * Reads a user's chat data.
 * @param db the database.
 * @param userId the user.
 * @returns the stored JSON texts, or undefined when never set.
 */
export async function findUserData(
  db: Db,
  userId: number,
): Promise<UserDataRecord | undefined> {
  return db
    .selectFrom("chat_user_data")
    .select([
      "room_orders as roomOrders",
      "private_room as privateRoom",
      "blocked_alarms as blockedAlarms",
    ])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/**
 * Writes the given parts of a user's chat data.
 * @param db the database.
 * @param userId the user.
 * @param data the fields to replace.
 */
export async function upsertUserData(
  db: Db,
  userId: number,
  data: Partial<UserDataRecord>,
): Promise<void> {
  const values = {
    ...(data.roomOrders !== undefined ? { room_orders: data.roomOrders } : {}),
    ...(data.privateRoom !== undefined
      ? { private_room: data.privateRoom }
      : {}),
    ...(data.blockedAlarms !== undefined
      ? { blocked_alarms: data.blockedAlarms }
      : {}),
  };
  await db
    .insertInto("chat_user_data")
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      Object.keys(values).length
        ? oc.column("user_id").doUpdateSet(values)
        : oc.doNothing(),
    )
    .execute();
}
