/**
 * Message search over the archive's bigram-text trigram index (migration 006). Visibility is the history rule of
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

/** Escapes LIKE's wildcards (backslash is the default escape character). */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, "\\$&");

/**
 * The LIKE pattern on the bigram text (migration 006) that matches exactly the messages containing the query: one
 * character c is '% c%' (a bigram word starting with c), more are their bigrams in a row ('% 회의 의실 %').
 * It is exact, not only a pre-filter: in the bigram text every third character is a separator space, and a match
 * shifted off that grid would need the query to start or end with a space, which a trimmed query never does. The
 * trigram index answers the pattern for any query length, one and two Hangul syllables included.
 * Lower-casing here is per character, as PostgreSQL's lower() does it for the stored text.
 * @param text the query, trimmed and NFC-normalised.
 * @returns the pattern.
 */
export function gramPattern(text: string): string {
  const chars = Array.from(text, (c) => escapeLike(c.toLowerCase()));
  if (chars.length === 1) return `% ${chars[0]}%`;
  const bigrams = chars.slice(1).map((c, i) => `${chars[i]}${c}`);
  return `% ${bigrams.join(" ")} %`;
}

/** How many of the newest messages of the caller's rooms the first step reads (see searchMessages). */
const RECENT_WINDOW = 2000;
/** Up to how many matches in the whole archive step 2 reads them all rather than by room (see searchMessages). */
const SPARSE_MATCHES = 1000;

/**
 * Finds the newest messages the user may read whose text contains the query.
 *
 * One query ordered newest first with a limit let the planner choose between reading the text's matches from the
 * index and walking the archive newest first until the page is full; it judged by the text's frequency in the whole
 * archive, so text frequent in the company but absent from the caller's rooms made it walk the whole archive
 * (seconds at a million messages). The search therefore goes in two steps whose cost the planner cannot misjudge:
 *  1. the newest RECENT_WINDOW messages of the caller's rooms, read newest first (a few milliseconds whatever the
 *     text) — text frequent in those rooms fills the page here;
 *  2. only if it did not: the older matches as a materialised set (so no newest-first walk), which the planner reads
 *     by ANDing the bigram-text index's bitmap with the room index's bitmap for the caller's rooms; only matches in
 *     those rooms are read from the table, then sorted. Text absent from them costs the two index reads. Text with
 *     at most SPARSE_MATCHES matches in the whole archive skips the room bitmap (240,000 entries for 200 rooms at a
 *     million messages), which would cost more than reading those matches.
 * Measured alternatives (bench/search.bench.ts, 200,000 messages on PostgreSQL, docs/protocol.md): a GIN index on
 * (room_id, bigram text) via btree_gin is not used for `room_id = any(…)` (GIN takes no array conditions) and, forced
 * per room, took ~8 ms a room, 1.6 s over 200; per-room newest-first walks with a merge read every message of the
 * rooms without a match (165 ms, and they grow with the caller's archive).
 * Both steps apply the visibility rule and filters, and step 2 reads only below step 1's oldest message, so a page
 * is the newest matches in order.
 * @param db the database.
 * @param q the query.
 * @returns up to limit rows, newest (highest id) first.
 */
export async function searchMessages(
  db: Db,
  q: SearchQuery,
): Promise<SearchRow[]> {
  const { rows: rooms } = await sql<{ roomId: number }>`
    select cm.room_id as "roomId" from chat_members cm join chat_rooms r on r.id = cm.room_id
    where cm.user_id = ${q.userId} and r.company_id = ${q.companyId}
      ${q.roomId !== undefined ? sql`and cm.room_id = ${q.roomId}` : sql``}`.execute(
    db,
  );
  const roomIds = rooms.map((r) => r.roomId);
  if (roomIds.length === 0) return [];
  // The rooms go in as a value, not a subquery: the planner sees them and walks the id order (a subquery's unknown
  // rooms made it plan a parallel scan costing tens of milliseconds).
  const { rows: window } = await sql<{ low: number | null }>`
    select min(w.id) as low from (
      select m.id from chat_messages m
      where m.room_id = any(${roomIds}::bigint[])
        ${q.beforeId !== undefined ? sql`and m.id < ${q.beforeId}` : sql``}
      order by m.id desc limit ${RECENT_WINDOW}) w
    having count(*) = ${RECENT_WINDOW}`.execute(db);
  // None when the caller's rooms hold fewer messages than the window: step 1 reads them all.
  const windowLow = window[0]?.low ?? null;
  const inRooms = sql`m.room_id = any(${roomIds}::bigint[])`;
  const recent = await selectMatches(
    db,
    q,
    windowLow !== null ? sql`${inRooms} and m.id >= ${windowLow}` : inRooms,
    q.limit,
  );
  if (recent.length >= q.limit || windowLow === null) return recent;
  // Text rare in the company (the usual case here) is answered from its few matches alone: the room index's bitmap
  // costs more than they do. Only text with many matches takes the AND of both bitmaps.
  const { rows: sparse } = await sql<{ id: number; roomId: number }>`
    select m.id, m.room_id as "roomId" from chat_messages m
    where m.id < ${windowLow} and m.search_grams like ${gramPattern(q.text)}
    limit ${SPARSE_MATCHES + 1}`.execute(db);
  const mine = new Set(roomIds);
  const older = await selectMatches(
    db,
    q,
    sparse.length <= SPARSE_MATCHES
      ? sql`m.id = any(${sparse.filter((r) => mine.has(r.roomId)).map((r) => r.id)}::bigint[])`
      : sql`${inRooms} and m.id < ${windowLow}`,
    q.limit - recent.length,
    sparse.length > SPARSE_MATCHES,
  );
  return [...recent, ...older];
}

/**
 * The newest matches among some of the caller's messages.
 * @param candidates conditions on `m` bounding the rows read.
 * @param fromIndex read the matches as a set first (the index's bitmap path) instead of letting the planner walk the
 *   candidates newest first.
 */
async function selectMatches(
  db: Db,
  q: SearchQuery,
  candidates: RawBuilder<unknown>,
  limit: number,
  fromIndex = false,
): Promise<SearchRow[]> {
  const pattern = gramPattern(q.text);
  const source = fromIndex
    ? sql`(with c as materialized (
          select m.id from chat_messages m where ${candidates} and m.search_grams like ${pattern})
        select m.* from chat_messages m join c on c.id = m.id)`
    : sql`(select m.* from chat_messages m where ${candidates} and m.search_grams like ${pattern})`;
  // The page is chosen before the room rows are joined: joined early, the room table made the planner loop over
  // every room for every candidate message.
  const { rows } = await sql<SearchRow>`
    with page as materialized (
      select m.id from ${source} m
      join chat_members cm on cm.room_id = m.room_id and m.id > cm.history_from_id
      where cm.user_id = ${q.userId} ${messageFilters(q)}
      order by m.id desc limit ${limit})
    select m.id, m.room_id as "roomId", r.name as "roomName", r.type as "roomType", r.title as "roomTitle",
      cm.my_room_name as "myRoomName", m.sender_jid as "senderJid", m.log_time as "logTime", m.body,
      m.content_type as "contentType"
    from page join chat_messages m on m.id = page.id
    join chat_members cm on cm.room_id = m.room_id and cm.user_id = ${q.userId}
    join chat_rooms r on r.id = m.room_id
    order by m.id desc`.execute(db);
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
