/** The message archive: batched inserts (group commit), idempotent on origin id, and history pages by id. */
import { CompiledQuery, sql } from "kysely";
import type { Db } from "../../database.js";
import { searchGrams } from "./chat-search.repository.js";

export type MessageRecord = {
  id: number;
  roomId: number;
  senderId: number | null;
  senderJid: string;
  originId: string;
  logTime: number;
  body: string;
  contentType: string;
  extension: string | null;
  replyTitle: string | null;
  replyText: string | null;
  replyTime: number | null;
  deletedAt: number | null;
};

export type NewMessageRecord = Omit<MessageRecord, "id" | "deletedAt">;

const columns = [
  "id",
  "room_id as roomId",
  "sender_id as senderId",
  "sender_jid as senderJid",
  "origin_id as originId",
  "log_time as logTime",
  "body",
  "content_type as contentType",
  "extension",
  "reply_title as replyTitle",
  "reply_text as replyText",
  "reply_time as replyTime",
  "deleted_at as deletedAt",
] as const;

/** A message's identity in the archive (its unique room, sender and origin id), as one string. */
export const keyOf = (m: {
  roomId: number;
  senderJid: string;
  originId: string;
}): string => `${m.roomId}\u0000${m.senderJid}\u0000${m.originId}`;

/**
 * Stores a batch of messages atomically (one multi-row INSERT); a message whose (room, sender, origin id) is already
 * stored is not stored again, and the stored one is returned instead.
 * @param db the database.
 * @param batch the messages, at most one per (room, sender, origin id).
 * @param dualRoomIds dual rooms in the batch: members who left them see them again.
 * @returns the stored record for each input, in input order, and whether this call stored it.
 */
export async function insertMessageBatch(
  db: Db,
  batch: readonly NewMessageRecord[],
  dualRoomIds: readonly number[],
): Promise<{ record: MessageRecord; fresh: boolean }[]> {
  return storeBatch(db, batch, dualRoomIds, undefined);
}

/**
 * Stores a batch as {@link insertMessageBatch} does, under the archive's commit lock, and runs `whileLocked` before
 * the lock is released. Nodes sharing the database commit message batches this way one at a time, as one node does on
 * its own: stanza ids become visible in increasing order (a catch-up `after` an id never skips one committed late),
 * each room's log times are read and raised under the lock, and a batch's messages are published before the next
 * batch commits (per-room delivery order across nodes). The insert statement takes the lock itself (migration 012),
 * so there is no round trip to take it and it is not held while this node's event loop gets round to a grant; it is
 * a session-level lock, not a transaction's, so it is still held after the commit, while `whileLocked` publishes.
 * @param db the database (PostgreSQL); one connection of its pool is used.
 * @param batch the messages, at most one per (room, sender, origin id), their log times counted up from raiseFrom
 * (each room's messages from it, one apart) without knowing the rooms' stored times.
 * @param dualRoomIds dual rooms in the batch: members who left them see them again.
 * @param raiseFrom the time the log times were counted from: each room's are raised above its latest stored time,
 * keeping their spacing.
 * @param whileLocked what to do with the stored records before the lock is released.
 * @returns what whileLocked returned.
 */
export async function insertMessageBatchLocked<T>(
  db: Db,
  batch: readonly NewMessageRecord[],
  dualRoomIds: readonly number[],
  raiseFrom: number,
  whileLocked: (
    stored: { record: MessageRecord; fresh: boolean }[],
  ) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    try {
      return await whileLocked(
        await storeBatch(conn, batch, dualRoomIds, raiseFrom),
      );
    } finally {
      // The lock outlives a failed insert's rollback. When the insert failed before taking it, this returns false
      // (and PostgreSQL logs a warning).
      await sql`select pg_advisory_unlock(${ARCHIVE_LOCK_KEY}::bigint)`.execute(
        conn,
      );
    }
  });
}

/** {@link insertMessageBatch}, raising the log times under the lock when raiseFrom is given. */
async function storeBatch(
  db: Db,
  batch: readonly NewMessageRecord[],
  dualRoomIds: readonly number[],
  raiseFrom: number | undefined,
): Promise<{ record: MessageRecord; fresh: boolean }[]> {
  const insertAndRejoin = async (tx: Db) => {
    const rows = await insertRows(tx, batch, raiseFrom);
    if (dualRoomIds.length > 0)
      await tx
        .updateTable("chat_members")
        .set({ leave_time: null })
        .where("room_id", "in", dualRoomIds)
        .where("leave_time", "is not", null)
        .execute();
    return rows;
  };
  // One INSERT is atomic on its own; a transaction is only needed to clear dual-room leave times with it (the
  // caller's, when it already runs one).
  const inserted =
    dualRoomIds.length === 0 || db.isTransaction
      ? await insertAndRejoin(db)
      : await db.transaction().execute(insertAndRejoin);
  const ids = new Map(inserted.map((m) => [keyOf(m), m]));
  const byKey = new Map<string, MessageRecord>();
  for (const m of batch) {
    const row = ids.get(keyOf(m));
    if (row !== undefined)
      byKey.set(keyOf(m), {
        ...m,
        id: row.id,
        logTime: row.logTime,
        deletedAt: null,
      });
  }
  const fresh = new Set(ids.keys());
  const missing = batch.filter((m) => !byKey.has(keyOf(m)));
  if (missing.length > 0) {
    // Retries of already committed messages: read the stored ones.
    const existing = await db
      .selectFrom("chat_messages")
      .select(columns)
      .where((eb) =>
        eb.or(
          missing.map((m) =>
            eb.and([
              eb("room_id", "=", m.roomId),
              eb("sender_jid", "=", m.senderJid),
              eb("origin_id", "=", m.originId),
            ]),
          ),
        ),
      )
      .execute();
    for (const m of existing) byKey.set(keyOf(m), m);
  }
  return batch.map((m) => {
    const stored = byKey.get(keyOf(m));
    if (!stored) throw new Error("a conflicting message is not readable");
    return { record: stored, fresh: fresh.has(keyOf(m)) };
  });
}

/** The inserted columns, in statement order, with their types (the raising insert passes a typed array per column). */
const COLUMN_TYPES = {
  room_id: "bigint",
  sender_id: "bigint",
  sender_jid: "text",
  origin_id: "text",
  log_time: "bigint",
  body: "text",
  content_type: "text",
  extension: "text",
  reply_title: "text",
  reply_text: "text",
  reply_time: "bigint",
  search_grams: "text",
} as const;

const INSERT_COLUMNS = Object.keys(
  COLUMN_TYPES,
) as (keyof typeof COLUMN_TYPES)[];

const RETURNING = `returning id, room_id as "roomId", sender_jid as "senderJid", origin_id as "originId", log_time as "logTime"`;

// The statement text depends only on the row count; the common small batches keep theirs.
const insertSql = new Map<number, string>();
const MAX_CACHED_ROWS = 64;

function insertStatement(rows: number): string {
  let text = insertSql.get(rows);
  if (text === undefined) {
    const width = INSERT_COLUMNS.length;
    const tuples = Array.from(
      { length: rows },
      (_, r) =>
        `(${INSERT_COLUMNS.map((_c, c) => `$${r * width + c + 1}`).join(", ")})`,
    );
    text =
      `insert into chat_messages (${INSERT_COLUMNS.join(", ")}) values ${tuples.join(", ")} ` +
      `on conflict (room_id, sender_jid, origin_id) do nothing ${RETURNING}`;
    if (rows <= MAX_CACHED_ROWS) insertSql.set(rows, text);
  }
  return text;
}

/**
 * The insert of nodes sharing the database (migration 012's function): it takes the archive's commit lock, then
 * inserts the batch, raising each row's log time above its room's latest stored one. One text for every batch size:
 * the rows come as one array per column, and each room's latest time is one index probe joined to its rows. (A VALUES
 * list with a subquery per row cost PostgreSQL about 0.2 ms per row to plan, under the commit lock.)
 */
const LOCKED_INSERT =
  `select stored_id as id, stored_room_id as "roomId", stored_sender_jid as "senderJid", ` +
  `stored_origin_id as "originId", stored_log_time as "logTime" ` +
  `from archive_insert_locked($1::bigint, $2::bigint, ${INSERT_COLUMNS.map((c, i) => `$${i + 3}::${COLUMN_TYPES[c]}[]`).join(", ")})`;

/** Rows turned into one array per column. */
function columnsOf(rows: readonly unknown[][], width: number): unknown[][] {
  return Array.from({ length: width }, (_, c) => rows.map((r) => r[c]));
}

/**
 * Inserts new rows; returns the keys and ids of those inserted (the rest of each row is the caller's input).
 * The statement is built by hand: this is the hottest write path, and building it with the query builder per
 * batch cost more than running it.
 */
async function insertRows(
  db: Db,
  batch: readonly NewMessageRecord[],
  raiseFrom: number | undefined,
): Promise<
  {
    id: number;
    roomId: number;
    senderJid: string;
    originId: string;
    logTime: number;
  }[]
> {
  const row = (m: NewMessageRecord) => [
    m.roomId,
    m.senderId,
    m.senderJid,
    m.originId,
    m.logTime,
    m.body,
    m.contentType,
    m.extension,
    m.replyTitle,
    m.replyText,
    m.replyTime,
    searchGrams(m.contentType, m.body),
  ];
  const query =
    raiseFrom === undefined
      ? CompiledQuery.raw(insertStatement(batch.length), batch.flatMap(row))
      : CompiledQuery.raw(LOCKED_INSERT, [
          ARCHIVE_LOCK_KEY,
          raiseFrom,
          ...columnsOf(batch.map(row), INSERT_COLUMNS.length),
        ]);
  const result = await db.executeQuery<{
    id: number;
    roomId: number;
    senderJid: string;
    originId: string;
    logTime: number;
  }>(query);
  return result.rows;
}

/** Advisory-lock key of the message archive's commits (a constant no other lock of the database uses). */
const ARCHIVE_LOCK_KEY = 0x6d6f61_0001;

/**
 * The latest log time per room.
 * @param db the database.
 * @param roomIds the rooms.
 * @returns room id → latest log time (rooms without messages are absent).
 */
export async function latestLogTimes(
  db: Db,
  roomIds: readonly number[],
): Promise<Map<number, number>> {
  if (roomIds.length === 0) return new Map();
  // One index lookup per room (the newest entry of chat_messages_room_time_idx): a grouped max would read every
  // message of the rooms, and nodes sharing the database run this for every batch.
  const { rows } = await sql<{ roomId: number; max: number | null }>`
    select r.id as "roomId",
      (select max(m.log_time) from chat_messages m where m.room_id = r.id) as max
    from unnest(${[...roomIds]}::bigint[]) as r(id)
  `.execute(db);
  return new Map(
    rows.flatMap((r) => (r.max === null ? [] : [[r.roomId, r.max]])),
  );
}

export type HistoryQuery = {
  /** Rooms with, for each, the id above which the reader may see messages. */
  rooms: readonly { roomId: number; fromId: number }[];
  startTime?: number | undefined;
  endTime?: number | undefined;
  /** Only ids greater than this. */
  afterId?: number | undefined;
  /** Only ids smaller than this. */
  beforeId?: number | undefined;
  /** Only messages from this sender (lower-case bare JID). */
  senderJid?: string | undefined;
  /** Newest first (then the caller reverses), for "before" paging. */
  newestFirst: boolean;
  limit: number;
};

/**
 * Reads a page of history.
 * @param db the database.
 * @param q the filter.
 * @returns the messages in the requested order.
 */
export async function queryHistory(
  db: Db,
  q: HistoryQuery,
): Promise<MessageRecord[]> {
  if (q.rooms.length === 0) return [];
  let query = db
    .selectFrom("chat_messages")
    .select(columns)
    .where((eb) =>
      eb.or(
        q.rooms.map((r) =>
          eb.and([eb("room_id", "=", r.roomId), eb("id", ">", r.fromId)]),
        ),
      ),
    );
  if (q.startTime !== undefined)
    query = query.where("log_time", ">=", q.startTime);
  if (q.endTime !== undefined) query = query.where("log_time", "<=", q.endTime);
  if (q.afterId !== undefined) query = query.where("id", ">", q.afterId);
  if (q.beforeId !== undefined) query = query.where("id", "<", q.beforeId);
  if (q.senderJid !== undefined)
    query = query.where("sender_jid", "=", q.senderJid);
  return query
    .orderBy("id", q.newestFirst ? "desc" : "asc")
    .limit(q.limit)
    .execute();
}

/**
 * Finds a message by its spec key (room, log time, sender).
 * @param db the database.
 * @param roomId the room.
 * @param logTime the message time key.
 * @param senderJid the sender, when known.
 * @returns the message, or undefined.
 */
export async function findMessageByLogTime(
  db: Db,
  roomId: number,
  logTime: number,
  senderJid?: string,
): Promise<MessageRecord | undefined> {
  let query = db
    .selectFrom("chat_messages")
    .select(columns)
    .where("room_id", "=", roomId)
    .where("log_time", "=", logTime);
  if (senderJid !== undefined)
    query = query.where("sender_jid", "=", senderJid);
  return query.orderBy("id").executeTakeFirst();
}

/**
 * Finds a message by id.
 * @param db the database.
 * @param id the stanza id.
 * @returns the message, or undefined.
 */
export async function findMessageById(
  db: Db,
  id: number,
): Promise<MessageRecord | undefined> {
  return db
    .selectFrom("chat_messages")
    .select(columns)
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Finds a sender's message by the origin id their client gave it (XEP-0359; unique per room and sender).
 * @param db the database.
 * @param roomId the room.
 * @param senderJid the sender (lower-case bare JID).
 * @param originId the client's id.
 * @returns the message, or undefined.
 */
export async function findMessageByOriginId(
  db: Db,
  roomId: number,
  senderJid: string,
  originId: string,
): Promise<MessageRecord | undefined> {
  return db
    .selectFrom("chat_messages")
    .select(columns)
    .where("room_id", "=", roomId)
    .where("sender_jid", "=", senderJid)
    .where("origin_id", "=", originId)
    .executeTakeFirst();
}

/**
 * Turns a message into a tombstone: the body and payload are erased for everyone.
 * @param db the database.
 * @param id the message.
 * @param at the deletion time.
 */
export async function markMessageDeleted(
  db: Db,
  id: number,
  at: number,
): Promise<void> {
  await db
    .updateTable("chat_messages")
    .set({
      deleted_at: at,
      body: "",
      extension: null,
      reply_text: null,
      reply_title: null,
      search_grams: null,
    })
    .where("id", "=", id)
    .execute();
}
