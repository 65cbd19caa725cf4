/** Chat rooms and memberships: creation, membership changes, the per-user room list with unread counts. */
import { sql } from "kysely";
import type { Db } from "../../database.js";

export type RoomRecord = {
  id: number;
  companyId: number;
  name: string;
  type: number;
  title: string;
  createdBy: number | null;
  createdAt: number;
};

export type MemberRecord = {
  roomId: number;
  userId: number;
  jid: string;
  name: string;
  position: string;
  affiliation: string;
  joinedAt: number;
  historyFromId: number;
  leaveTime: number | null;
  watch: number;
  myRoomName: string | null;
};

export type NewMember = {
  userId: number;
  affiliation: string;
  joinedAt: number;
  historyFromId: number;
};

export type RoomListRow = {
  room: RoomRecord;
  affiliation: string;
  joinedAt: number;
  historyFromId: number;
  leaveTime: number | null;
  watch: number;
  myRoomName: string | null;
  unread: number;
  last: {
    id: number;
    body: string;
    logTime: number;
    senderJid: string;
    contentType: string;
    deleted: boolean;
  } | null;
};

const roomColumns = [
  "r.id",
  "r.company_id as companyId",
  "r.name",
  "r.type",
  "r.title",
  "r.created_by as createdBy",
  "r.created_at as createdAt",
] as const;

/**
 * Creates a room with its first members in one transaction.
 * @param db the database.
 * @param room the room fields.
 * @param members the initial members.
 * @returns the room.
 */
export async function insertRoom(
  db: Db,
  room: Omit<RoomRecord, "id">,
  members: readonly NewMember[],
): Promise<RoomRecord> {
  return db
    .transaction()
    .execute(async (tx) => insertRoomWith(tx, room, members));
}

/**
 * The advisory-lock class of rooms that are unique per their members (dual, self, news). Locks of two keys live apart
 * from those of one key (the archive's and the migrations'), so this class cannot meet them.
 */
const PERSONAL_ROOM_LOCK_CLASS = 1;

/**
 * The room of a type whose members are exactly the given users, created with them when there is none: the 1:1 room
 * of a pair, a user's self room or news room. Creations for the same people at the same moment (both of a pair opening
 * their room, one user on two devices, two alarms for one user) wait for each other on a transaction-scoped lock keyed
 * on the lowest member id, and the later ones find the room the first created.
 * @param db the database.
 * @param room the room fields, used when it is created.
 * @param members its members (one or two), used when it is created.
 * @returns the room, found or created.
 */
export async function findOrInsertRoomOf(
  db: Db,
  room: Omit<RoomRecord, "id">,
  members: readonly NewMember[],
): Promise<RoomRecord> {
  const ids = members.map((m) => m.userId);
  const found = await findRoomByExactMembers(db, room.type, ids);
  if (found) return found;
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PERSONAL_ROOM_LOCK_CLASS}::int, ${Math.min(...ids)}::int)`.execute(
      tx,
    );
    return (
      (await findRoomByExactMembers(tx, room.type, ids)) ??
      (await insertRoomWith(tx, room, members))
    );
  });
}

async function insertRoomWith(
  tx: Db,
  room: Omit<RoomRecord, "id">,
  members: readonly NewMember[],
): Promise<RoomRecord> {
  const { id } = await tx
    .insertInto("chat_rooms")
    .values({
      company_id: room.companyId,
      name: room.name,
      type: room.type,
      title: room.title,
      created_by: room.createdBy,
      created_at: room.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await insertMembersWith(tx, id, members);
  return { ...room, id };
}

async function insertMembersWith(
  db: Db,
  roomId: number,
  members: readonly NewMember[],
): Promise<void> {
  if (members.length === 0) return;
  await db
    .insertInto("chat_members")
    .values(
      members.map((m) => ({
        room_id: roomId,
        user_id: m.userId,
        affiliation: m.affiliation,
        joined_at: m.joinedAt,
        history_from_id: m.historyFromId,
      })),
    )
    .onConflict((oc) => oc.columns(["room_id", "user_id"]).doNothing())
    .execute();
}

/**
 * Adds members (existing ones are kept as they are).
 * @param db the database.
 * @param roomId the room.
 * @param members the new members.
 */
export async function insertMembers(
  db: Db,
  roomId: number,
  members: readonly NewMember[],
): Promise<void> {
  await insertMembersWith(db, roomId, members);
}

/**
 * Finds a room by name.
 * @param db the database.
 * @param name the room name.
 * @returns the room or undefined.
 */
export async function findRoomByName(
  db: Db,
  name: string,
): Promise<RoomRecord | undefined> {
  return roomNamed(db, name).executeTakeFirst();
}

const roomNamed = (db: Db, name: string) =>
  db
    .selectFrom("chat_rooms as r")
    .select(roomColumns)
    .where("r.name", "=", name);

/**
 * Finds a room by name and locks its row until the transaction ends. The lock is FOR NO KEY UPDATE: two lockers of
 * one room wait for each other, while a new member's row (its foreign key takes only a key-share lock) and a message
 * (stored without a key check, migration 011) do not.
 * @param tx the transaction.
 * @param name the room name.
 * @returns the room or undefined.
 */
export async function lockRoomByName(
  tx: Db,
  name: string,
): Promise<RoomRecord | undefined> {
  return roomNamed(tx, name).forNoKeyUpdate().executeTakeFirst();
}

/**
 * Finds the room of a type whose members are exactly the given users (dual and self rooms are unique per pair).
 * @param db the database.
 * @param type the room type.
 * @param userIds the members (one for self rooms, two for dual rooms).
 * @returns the room, or undefined.
 */
export async function findRoomByExactMembers(
  db: Db,
  type: number,
  userIds: readonly number[],
): Promise<RoomRecord | undefined> {
  const [first] = userIds;
  if (first === undefined) return undefined;
  return db
    .selectFrom("chat_rooms as r")
    .innerJoin("chat_members as m", "m.room_id", "r.id")
    .select(roomColumns)
    .where("r.type", "=", type)
    .where("m.user_id", "=", first)
    .where((eb) =>
      eb(
        eb
          .selectFrom("chat_members as o")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("o.room_id", "=", "r.id"),
        "=",
        userIds.length,
      ),
    )
    .where((eb) =>
      eb(
        eb
          .selectFrom("chat_members as o")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("o.room_id", "=", "r.id")
          .where("o.user_id", "in", userIds),
        "=",
        userIds.length,
      ),
    )
    .orderBy("r.id")
    .executeTakeFirst();
}

/**
 * Lists a room's members with their JIDs.
 * @param db the database.
 * @param roomId the room.
 * @returns the members in join order.
 */
export async function listMembers(
  db: Db,
  roomId: number,
): Promise<MemberRecord[]> {
  return db
    .selectFrom("chat_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .innerJoin("companies as c", "c.id", "u.company_id")
    .select([
      "m.room_id as roomId",
      "m.user_id as userId",
      sql<string>`lower(u.login_id || '.' || c.domain || '@' || c.xmpp_domain)`.as(
        "jid",
      ),
      "u.name",
      "u.position",
      "m.affiliation",
      "m.joined_at as joinedAt",
      "m.history_from_id as historyFromId",
      "m.leave_time as leaveTime",
      "m.watch",
      "m.my_room_name as myRoomName",
    ])
    .where("m.room_id", "=", roomId)
    .orderBy("m.joined_at")
    .orderBy("m.user_id")
    .execute();
}

/**
 * Removes members.
 * @param db the database.
 * @param roomId the room.
 * @param userIds who leaves.
 */
export async function deleteMembers(
  db: Db,
  roomId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom("chat_members")
    .where("room_id", "=", roomId)
    .where("user_id", "in", userIds)
    .execute();
}

/**
 * Updates one membership.
 * @param db the database.
 * @param roomId the room.
 * @param userId the member.
 * @param fields what changes.
 */
export async function updateMember(
  db: Db,
  roomId: number,
  userId: number,
  fields: Partial<{
    affiliation: string;
    leaveTime: number | null;
    historyFromId: number;
    myRoomName: string | null;
  }>,
): Promise<void> {
  await db
    .updateTable("chat_members")
    .set({
      ...(fields.affiliation !== undefined
        ? { affiliation: fields.affiliation }
        : {}),
      ...(fields.leaveTime !== undefined
        ? { leave_time: fields.leaveTime }
        : {}),
      ...(fields.historyFromId !== undefined
        ? { history_from_id: fields.historyFromId }
        : {}),
      ...(fields.myRoomName !== undefined
        ? { my_room_name: fields.myRoomName }
        : {}),
    })
    .where("room_id", "=", roomId)
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Sets every other member's affiliation in a room (room type changes).
 * @param db the database.
 * @param roomId the room.
 * @param affiliation the new affiliation.
 * @param exceptUserId the member who keeps theirs.
 */
export async function setAffiliationOfOthers(
  db: Db,
  roomId: number,
  affiliation: string,
  exceptUserId: number,
): Promise<void> {
  await db
    .updateTable("chat_members")
    .set({ affiliation })
    .where("room_id", "=", roomId)
    .where("user_id", "<>", exceptUserId)
    .execute();
}

/**
 * Changes a room's type.
 * @param db the database.
 * @param roomId the room.
 * @param type the new type.
 */
export async function updateRoomType(
  db: Db,
  roomId: number,
  type: number,
): Promise<void> {
  await db
    .updateTable("chat_rooms")
    .set({ type })
    .where("id", "=", roomId)
    .execute();
}

/**
 * Moves a member's read watermark forward (never back).
 * @param db the database.
 * @param roomId the room.
 * @param userId the member.
 * @param watch the log time read up to.
 * @returns the watermark after the update.
 */
export async function advanceWatch(
  db: Db,
  roomId: number,
  userId: number,
  watch: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable("chat_members")
    .set({ watch: sql<number>`greatest(watch, ${watch})` })
    .where("room_id", "=", roomId)
    .where("user_id", "=", userId)
    .returning("watch")
    .executeTakeFirst();
  return row?.watch;
}

/**
 * The highest message id of a room (0 when empty), for history visibility of new members.
 * @param db the database.
 * @param roomId the room.
 * @returns the id.
 */
export async function maxMessageId(db: Db, roomId: number): Promise<number> {
  const row = await db
    .selectFrom("chat_messages")
    .select(sql<number>`coalesce(max(id), 0)`.as("max"))
    .where("room_id", "=", roomId)
    .executeTakeFirstOrThrow();
  return row.max;
}

/**
 * The room list of a user: every membership with its last visible message and unread count (messages and
 * alarms from others after the read watermark; room events such as INVITE do not count).
 * @param db the database.
 * @param userId the user.
 * @returns one row per room.
 */
export async function listRoomsOfUser(
  db: Db,
  userId: number,
): Promise<RoomListRow[]> {
  const { rows } = await sql<{
    id: number;
    company_id: number;
    name: string;
    type: number;
    title: string;
    created_by: number | null;
    created_at: number;
    affiliation: string;
    joined_at: number;
    history_from_id: number;
    leave_time: number | null;
    watch: number;
    my_room_name: string | null;
    unread: number;
    last_id: number | null;
    last_body: string | null;
    last_log_time: number | null;
    last_sender_jid: string | null;
    last_content_type: string | null;
    last_deleted_at: number | null;
  }>`
    select r.id, r.company_id, r.name, r.type, r.title, r.created_by, r.created_at,
      m.affiliation, m.joined_at, m.history_from_id, m.leave_time, m.watch, m.my_room_name,
      (select count(*)::int from chat_messages x
        where x.room_id = m.room_id and x.id > m.history_from_id and x.log_time > m.watch
          and (x.sender_id is null or x.sender_id <> m.user_id)
          and x.content_type in ('TALK', 'FILE', 'ALROOM')
          and x.deleted_at is null) as unread,
      l.id as last_id, l.body as last_body, l.log_time as last_log_time, l.sender_jid as last_sender_jid,
      l.content_type as last_content_type, l.deleted_at as last_deleted_at
    from chat_members m
    join chat_rooms r on r.id = m.room_id
    left join lateral (
      select id, body, log_time, sender_jid, content_type, deleted_at from chat_messages x
      where x.room_id = m.room_id and x.id > m.history_from_id
      order by x.id desc limit 1
    ) l on true
    where m.user_id = ${userId}
  `.execute(db);
  return rows.map((r) => ({
    room: {
      id: r.id,
      companyId: r.company_id,
      name: r.name,
      type: r.type,
      title: r.title,
      createdBy: r.created_by,
      createdAt: r.created_at,
    },
    affiliation: r.affiliation,
    joinedAt: r.joined_at,
    historyFromId: r.history_from_id,
    leaveTime: r.leave_time,
    watch: r.watch,
    myRoomName: r.my_room_name,
    unread: r.unread,
    last:
      r.last_id === null
        ? null
        : {
            id: r.last_id,
            body: r.last_body ?? "",
            logTime: r.last_log_time ?? 0,
            senderJid: r.last_sender_jid ?? "",
            contentType: r.last_content_type ?? "TALK",
            deleted: r.last_deleted_at !== null,
          },
  }));
}
