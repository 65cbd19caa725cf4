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
/** At most this many of a query's character pairs are looked up in the room-keys index (see roomKeyConditions). */
const MAX_KEY_PAIRS = 4;

/**
 * The conditions on the room-keys index (migration 008) that pre-filter the messages of the given rooms containing
 * the query: for one character c, `keys && {r:c for each room r}`; for more, one such condition per character pair
 * (at most MAX_KEY_PAIRS of them, spread over the query: each is a set of index lookups, and the LIKE on the bigram
 * text is the exact test anyway). Lower-cased per character, as gramPattern is.
 * @param roomIds the rooms searched.
 * @param text the query, trimmed and NFC-normalised.
 * @returns the conditions, on the message row `m`, ANDed.
 */
function roomKeyConditions(
  roomIds: number[],
  text: string,
): RawBuilder<unknown> {
  // U+0001 separates the keys in the index expression, which stores it as U+0002.
  const chars = Array.from(text, (c) =>
    c.toLowerCase().replace("\u0001", "\u0002"),
  );
  const pairs =
    chars.length === 1
      ? chars
      : [...new Set(chars.slice(1).map((c, i) => `${chars[i]}${c}`))];
  const picked =
    pairs.length <= MAX_KEY_PAIRS
      ? pairs
      : Array.from(
          { length: MAX_KEY_PAIRS },
          (_, i) =>
            pairs[Math.round((i * (pairs.length - 1)) / (MAX_KEY_PAIRS - 1))] ??
            "",
        );
  return sql.join(
    picked.map(
      (key) =>
        sql`chat_search_keys(m.room_id, m.search_grams) && ${roomIds.map((r) => `${r}:${key}`)}::text[]`,
    ),
    sql` and `,
  );
}

/**
 * Finds the newest messages the user may read whose text contains the query.
 *
 * One query ordered newest first with a limit let the planner choose between reading the text's matches from an
 * index and walking the archive newest first until the page is full; it judged by the text's frequency in the whole
 * archive, so text frequent in the company but absent from the caller's rooms made it walk the whole archive
 * (seconds at a million messages). The search therefore goes in two steps whose cost the planner cannot misjudge:
 *  1. the newest RECENT_WINDOW messages of the caller's rooms, read newest first (a few milliseconds whatever the
 *     text) — text frequent in those rooms fills the page here;
 *  2. only if it did not: the older matches in the caller's rooms as a materialised set (so no newest-first walk),
 *     read from the room-keys index (migration 008), whose entries name the room: only the caller's rooms' entries for
 *     the query's characters are read, so text frequent elsewhere costs nothing, then sorted.
 * Measured before (bench/search.bench.ts, 1,000,000 messages on PostgreSQL, docs/protocol.md): the trigram index of
 * the text alone, ANDed with the room index's bitmap, cost 58 ms p50 for a one-syllable query and 166 ms p99 for a
 * word in 144,000 messages of other rooms; per-room newest-first walks read every message of the rooms without a
 * match.
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
  // The planner has no statistics for keys it has not sampled and takes each of the caller's 200 rooms' keys as
  // common: it expects hundreds of thousands of rows where there are a few, and PostgreSQL then compiles the query
  // with JIT and starts parallel workers (0.9 s for a miss at 1,000,000 messages, 1.5 ms without). Neither pays off
  // for an index read, so step 2 runs without them.
  const older = await db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return selectMatches(
      trx,
      q,
      sql`${roomKeyConditions(roomIds, q.text)} and m.id < ${windowLow}`,
      q.limit - recent.length,
      true,
    );
  });
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
