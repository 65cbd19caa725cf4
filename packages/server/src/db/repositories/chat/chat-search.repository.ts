/**
 * Message search over the archive's bigram-text trigram index (migration 006). Visibility is the history rule of
 * chat-messages.repository.ts queryHistory: a member sees the messages of their rooms with an id above their
 * history_from_id (set at join for group invitees and at leave for dual rooms), never a tombstone.
 */
import { sql, type RawBuilder } from "kysely";
import { lowerAsIndexed } from "@moa/shared";
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

/** Each character with the next: "회의실" → ["회의", "의실"]. */
const bigramsOf = (chars: readonly string[]): string[] =>
  chars.slice(1).map((c, i) => `${chars[i]}${c}`);

/** The content types whose text is searched: a TALK message's body, a FILE message's file name. */
const SEARCHED_TYPES: ReadonlySet<string> = new Set(["TALK", "FILE"]);

/**
 * The text the search index covers for a message (migrations 006, 010): its body NFC-normalised, lower-cased character
 * by character as {@link gramPattern} lower-cases queries, and rewritten as its character bigrams, each followed by a
 * space, then its last character: "회의실" is " 회의 의실 실 ". The same as the database's search_grams(content_type,
 * body), which bulk loads use.
 * @param contentType the message's content type.
 * @param body its body.
 * @returns the bigram text, or null for a message that is not searched (room events).
 */
export function searchGrams(contentType: string, body: string): string | null {
  if (!SEARCHED_TYPES.has(contentType)) return null;
  const chars = Array.from(body.normalize("NFC"), lowerAsIndexed);
  const words = bigramsOf(chars);
  const last = chars.at(-1);
  if (last !== undefined) words.push(last);
  return ` ${words.join(" ")} `;
}

/**
 * The LIKE pattern on the bigram text (migration 006) that matches exactly the messages containing the query: one
 * character c is '% c%' (a bigram word starting with c), more are their bigrams in a row ('% 회의 의실 %').
 * It is exact, not only a pre-filter: in the bigram text every third character is a separator space, and a match
 * shifted off that grid would need the query to start or end with a space, which a trimmed query never does. The
 * trigram index answers the pattern for any query length, one and two Hangul syllables included.
 * Lower-casing here is per character, as {@link searchGrams} does it for the stored text.
 * @param text the query, trimmed and NFC-normalised.
 * @returns the pattern.
 */
export function gramPattern(text: string): string {
  const chars = Array.from(text, (c) => escapeLike(lowerAsIndexed(c)));
  if (chars.length === 1) return `% ${chars[0]}%`;
  return `% ${bigramsOf(chars).join(" ")} %`;
}

/**
 * A LIKE pattern that holds for every message matching the query and that pg_trgm reads from the index as a single
 * trigram: the closing trigram ("회의 ") of the query's first bigram of letters or digits. The exact pattern has three
 * trigrams a bigram, and text frequent in the archive has long posting lists for all of them: at a million messages,
 * for a text in 144,000 of them, ANDing the exact pattern's twelve lists with the room bitmap took 105–137 ms, two
 * probe trigrams 50–77 ms and one 37–41 ms (PostgreSQL, load average 11). The price is reading the caller's messages
 * that hold the bigram but not the query, to drop them. A single character is already one trigram.
 * Bigrams with a space or punctuation give pg_trgm no such trigram, so a query without a bigram of letters or digits
 * has no probe and its exact pattern is the index condition.
 * @param text the query, trimmed and NFC-normalised.
 * @returns the probe pattern, or undefined when the exact pattern has to serve.
 */
export function gramProbe(text: string): string | undefined {
  const chars = Array.from(text, lowerAsIndexed);
  const word = /^[\p{L}\p{N}]{2}$/u;
  const first = bigramsOf(chars).find((b) => word.test(b));
  return first !== undefined ? `%${first} %` : undefined;
}

/** How many of the newest messages of the caller's rooms the first step reads (see searchMessages). */
const RECENT_WINDOW = 2000;
/** The most messages the first step's widening reads (see searchMessages). */
const WIDEST_WINDOW = 10_000;
/** Up to how many matches in the whole archive step 2 reads them all rather than by room (see searchMessages). */
const SPARSE_MATCHES = 250;

/**
 * Finds the newest messages the user may read whose text contains the query.
 *
 * One query ordered newest first with a limit let the planner choose between reading the text's matches from the
 * index and walking the archive newest first until the page is full; it judged by the text's frequency in the whole
 * archive, so text frequent in the company but absent from the caller's rooms made it walk the whole archive
 * (seconds at a million messages). The search therefore goes in two steps whose cost the planner cannot misjudge:
 *  1. the newest RECENT_WINDOW messages of the caller's rooms, read newest first (a few milliseconds whatever the
 *     text) — text frequent in those rooms fills the page here. Text found there but too sparsely to fill the page
 *     widens the walk to as many more messages as its density there says the page needs, twice over (at most
 *     WIDEST_WINDOW), stopping when the page is full: a syllable in one message of 150 fills it within a few thousand
 *     messages, where step 2 would read the room index for all of them;
 *  2. only if it did not: the older matches as a materialised set (so no newest-first walk), which the planner reads
 *     by ANDing a bigram-text index bitmap with the room index's bitmap for the caller's rooms; only matches in
 *     those rooms are read from the table, then sorted. The text bitmap is read with the query's probe trigram
 *     (gramProbe) and the exact pattern checked on the rows, so text absent from those rooms costs one posting
 *     list and the room bitmap, however frequent it is elsewhere. Text with at most SPARSE_MATCHES matches in the
 *     whole archive skips the room bitmap (240,000 entries for 200 rooms at a million messages), which would cost
 *     more than reading those matches; the bound is low because finding out costs a scan until that many are found.
 * Measured alternatives (bench/search.bench.ts, 200,000 messages on PostgreSQL, docs/protocol.md): a GIN index on
 * (room_id, bigram text) via btree_gin is not used for `room_id = any(…)` (GIN takes no array conditions) and, forced
 * per room, took ~8 ms a room, 1.6 s over 200; per-room newest-first walks with a merge read every message of the
 * rooms without a match (165 ms, and they grow with the caller's archive).
 * Both steps apply the visibility rule and filters, and each part reads only below the previous part's oldest
 * message, so a page is the newest matches in order.
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
  const inRooms = sql`m.room_id = any(${roomIds}::bigint[])`;
  const windowLow = await oldestOfNewest(
    db,
    inRooms,
    q.beforeId,
    RECENT_WINDOW,
  );
  // None when the caller's rooms hold fewer messages than the window: step 1 reads them all.
  const found = await selectMatches(
    db,
    q,
    windowLow !== null ? sql`${inRooms} and m.id >= ${windowLow}` : inRooms,
    q.limit,
  );
  if (found.length >= q.limit || windowLow === null) return found;
  let low = windowLow;
  if (found.length > 0) {
    const wider = Math.min(
      WIDEST_WINDOW,
      Math.ceil((2 * RECENT_WINDOW * (q.limit - found.length)) / found.length),
    );
    found.push(
      ...(await walkMatches(
        db,
        q,
        inRooms,
        low,
        wider,
        q.limit - found.length,
      )),
    );
    if (found.length >= q.limit) return found;
    const widerLow = await oldestOfNewest(db, inRooms, low, wider);
    if (widerLow === null) return found;
    low = widerLow;
  }
  // Text rare in the company (the usual case here) is answered from its few matches alone: the room index's bitmap
  // costs more than they do. Only text with many matches takes the AND of both bitmaps.
  const { rows: sparse } = await sql<{ id: number; roomId: number }>`
    select m.id, m.room_id as "roomId" from chat_messages m
    where m.id < ${low} and m.search_grams like ${gramPattern(q.text)}
    limit ${SPARSE_MATCHES + 1}`.execute(db);
  const mine = new Set(roomIds);
  const older = await selectMatches(
    db,
    q,
    sparse.length <= SPARSE_MATCHES
      ? sql`m.id = any(${sparse.filter((r) => mine.has(r.roomId)).map((r) => r.id)}::bigint[])`
      : sql`${inRooms} and m.id < ${low}`,
    q.limit - found.length,
    sparse.length > SPARSE_MATCHES,
  );
  return [...found, ...older];
}

/**
 * The oldest of the newest messages of the caller's rooms.
 * @param inRooms the caller's rooms, as a condition on `m`.
 * @param below only messages with ids below this, when given.
 * @param count how many newest messages.
 * @returns the lowest id among them, or null when there are fewer than count.
 */
async function oldestOfNewest(
  db: Db,
  inRooms: RawBuilder<unknown>,
  below: number | undefined,
  count: number,
): Promise<number | null> {
  // The rooms go in as a value, not a subquery: the planner sees them and walks the id order (a subquery's unknown
  // rooms made it plan a parallel scan costing tens of milliseconds).
  const { rows } = await sql<{ low: number | null }>`
    select min(w.id) as low from (
      select m.id from chat_messages m
      where ${inRooms} ${below !== undefined ? sql`and m.id < ${below}` : sql``}
      order by m.id desc limit ${count}) w
    having count(*) = ${count}`.execute(db);
  return rows[0]?.low ?? null;
}

/**
 * The newest matches among the caller's `count` newest messages below `below`, read newest first and stopping when
 * `limit` are found (the outer limit stops the inner walk: nothing in between needs all its rows).
 */
async function walkMatches(
  db: Db,
  q: SearchQuery,
  inRooms: RawBuilder<unknown>,
  below: number,
  count: number,
  limit: number,
): Promise<SearchRow[]> {
  // The visibility rule as a per-row subquery rather than a join, which the planner may answer with a hash join
  // and a sort, reading the whole walk.
  return fetchPage(
    db,
    q,
    sql`
      select m.id from (
        select * from chat_messages m where ${inRooms} and m.id < ${below} order by m.id desc limit ${count}) m
      where m.search_grams like ${gramPattern(q.text)} ${messageFilters(q)}
        and m.id > (select cm.history_from_id from chat_members cm
          where cm.room_id = m.room_id and cm.user_id = ${q.userId})
      order by m.id desc limit ${limit}`,
  );
}

/**
 * The newest matches among some of the caller's messages.
 * @param candidates conditions on `m` bounding the rows read.
 * @param fromIndex read the matches as a set first (the index's bitmap path, with the probe trigram) instead of
 *   letting the planner walk the candidates newest first.
 */
async function selectMatches(
  db: Db,
  q: SearchQuery,
  candidates: RawBuilder<unknown>,
  limit: number,
  fromIndex = false,
): Promise<SearchRow[]> {
  const pattern = gramPattern(q.text);
  const probe = gramProbe(q.text);
  // With a probe the exact pattern is tested on an expression the index does not cover, so it stays a row filter.
  const textMatch =
    fromIndex && probe !== undefined
      ? sql`m.search_grams like ${probe} and (m.search_grams || '') like ${pattern}`
      : sql`m.search_grams like ${pattern}`;
  const source = fromIndex
    ? sql`(with c as materialized (
          select m.id from chat_messages m where ${candidates} and ${textMatch})
        select m.* from chat_messages m join c on c.id = m.id)`
    : sql`(select m.* from chat_messages m where ${candidates} and ${textMatch})`;
  // The page is chosen before the room rows are joined: joined early, the room table made the planner loop over
  // every room for every candidate message.
  return fetchPage(
    db,
    q,
    sql`
      select m.id from ${source} m
      join chat_members cm on cm.room_id = m.room_id and m.id > cm.history_from_id
      where cm.user_id = ${q.userId} ${messageFilters(q)}
      order by m.id desc limit ${limit}`,
  );
}

/** The rows of a page, given the query choosing its message ids newest first. */
async function fetchPage(
  db: Db,
  q: SearchQuery,
  page: RawBuilder<unknown>,
): Promise<SearchRow[]> {
  const { rows } = await sql<SearchRow>`
    with page as materialized (${page})
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
