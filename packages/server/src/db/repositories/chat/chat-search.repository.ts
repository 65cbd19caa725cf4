/**
 * Message search over the archive's trigram index (migration 006). Visibility is the history rule of
 * chat-messages.repository.ts queryHistory: a member sees the messages of their rooms with an id above their
 * history_from_id (set at join for group invitees and at leave for dual rooms), never a tombstone.
 */
import { sql, type RawBuilder } from "kysely";
import type { Db } from "../../database.js";

export type SearchQuery = {
  userId: number;
  companyId: number;
  /** The text searched for, already trimmed and NFC-normalised; lower-cased here like the indexed text. */
  text: string;
  roomId?: number | undefined;
  senderJid?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  filesOnly: boolean;
  /** Only ids below this (the keyset cursor). */
  beforeId?: number | undefined;
  limit: number;
};

export type SearchRow = {
  id: number;
  roomId: number;
  roomName: string;
  roomType: number;
  roomTitle: string;
  myRoomName: string | null;
  senderJid: string;
  logTime: number;
  body: string;
  contentType: string;
};

/** Trigrams need three word characters in a row; without such a run the index cannot narrow anything down. */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

/** Escapes LIKE's wildcards (backslash is the default escape character). */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, "\\$&");

/**
 * Finds the newest messages the user may read whose searchable text contains the query.
 *
 * Two plans, chosen by the query's length. With a run of three word characters, the trigram index finds the
 * candidates across the archive and the membership join keeps the user's. Shorter queries (one or two Hangul
 * syllables are common searches) give the index nothing to look up, so each of the user's rooms is read newest
 * first through the (room, id) index and stops at `limit` matches; a short query matches often, so this usually
 * reads a few rows per room, and at worst it reads the user's own rooms (never the whole archive). The bench
 * (`npm run bench`, search) measures both at a million messages.
 * @param db the database.
 * @param q the query.
 * @returns up to limit rows, newest (highest id) first.
 */
export async function searchMessages(
  db: Db,
  q: SearchQuery,
): Promise<SearchRow[]> {
  const pattern = sql`'%' || lower(${escapeLike(q.text)}) || '%'`;
  const filters = messageFilters(q);
  const membership = sql`cm.user_id = ${q.userId} and r.company_id = ${q.companyId}
    ${q.roomId !== undefined ? sql`and cm.room_id = ${q.roomId}` : sql``}`;
  const columns = sql`m.id, m.room_id as "roomId", r.name as "roomName", r.type as "roomType",
    r.title as "roomTitle", cm.my_room_name as "myRoomName", m.sender_jid as "senderJid", m.log_time as "logTime",
    m.body, m.content_type as "contentType"`;
  const query = TRIGRAM_RUN.test(q.text)
    ? sql<SearchRow>`
        select ${columns}
        from chat_messages m
        join chat_members cm on cm.room_id = m.room_id and m.id > cm.history_from_id
        join chat_rooms r on r.id = m.room_id
        where ${membership} and m.search_text like ${pattern} ${filters}
        order by m.id desc limit ${q.limit}`
    : sql<SearchRow>`
        select ${columns}
        from chat_members cm
        join chat_rooms r on r.id = cm.room_id
        cross join lateral (
          select m.id, m.room_id, m.sender_jid, m.log_time, m.body, m.content_type from chat_messages m
          where m.room_id = cm.room_id and m.id > cm.history_from_id and m.search_text like ${pattern} ${filters}
          order by m.id desc limit ${q.limit}
        ) m
        where ${membership}
        order by m.id desc limit ${q.limit}`;
  const { rows } = await query.execute(db);
  return rows;
}

/** The optional filters, as conditions on the message row `m`. */
function messageFilters(q: SearchQuery): RawBuilder<unknown> {
  const parts = [
    q.senderJid !== undefined ? sql`and m.sender_jid = ${q.senderJid}` : null,
    q.startTime !== undefined ? sql`and m.log_time >= ${q.startTime}` : null,
    q.endTime !== undefined ? sql`and m.log_time <= ${q.endTime}` : null,
    q.filesOnly ? sql`and m.content_type = 'FILE'` : null,
    q.beforeId !== undefined ? sql`and m.id < ${q.beforeId}` : null,
  ].filter((p) => p !== null);
  return sql.join(parts, sql` `);
}
