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

/**
 * Finds the newest messages the user may read whose text contains the query.
 *
 * The bigram-text index finds the messages containing the query (see gramPattern); the membership join keeps those
 * the user may read. Newest first: with its statistics on the bigram text the planner either reads the matches from
 * the index and sorts them (rare text) or walks the archive newest first until the page is full (frequent text).
 * The bench (`npm run bench -- /search.bench`) measures 1- to 6-syllable queries at a million messages.
 * @param db the database.
 * @param q the query.
 * @returns up to limit rows, newest (highest id) first.
 */
export async function searchMessages(
  db: Db,
  q: SearchQuery,
): Promise<SearchRow[]> {
  const { rows } = await sql<SearchRow>`
    select m.id, m.room_id as "roomId", r.name as "roomName", r.type as "roomType", r.title as "roomTitle",
      cm.my_room_name as "myRoomName", m.sender_jid as "senderJid", m.log_time as "logTime", m.body,
      m.content_type as "contentType"
    from chat_messages m
    join chat_members cm on cm.room_id = m.room_id and m.id > cm.history_from_id
    join chat_rooms r on r.id = m.room_id
    where cm.user_id = ${q.userId} and r.company_id = ${q.companyId}
      ${q.roomId !== undefined ? sql`and cm.room_id = ${q.roomId}` : sql``}
      and m.search_grams like ${gramPattern(q.text)}
      ${messageFilters(q)}
    order by m.id desc limit ${q.limit}`.execute(db);
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
