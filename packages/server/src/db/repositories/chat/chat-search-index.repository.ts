/**
 * The search index's rows (migration 009), filled behind the archive. Message ids become visible in increasing order
 * (one archive writer per node commits batches one at a time, and nodes sharing the database commit under the
 * archive's lock), so everything at or below the progress mark has been read once and nothing above it has.
 */
import { sql } from "kysely";
import type { Db } from "../../database.js";

/**
 * Copies the bigram text of the next messages above the progress mark into the index and moves the mark past them,
 * in one statement (its own transaction). Nodes may run it at once: a row already copied is left alone and the mark
 * only rises.
 * @param db the database.
 * @param limit at most this many messages.
 * @returns how many messages it read, and the lowest and highest of their ids (0 when it read none).
 */
export async function indexNextMessages(
  db: Db,
  limit: number,
): Promise<{ read: number; from: number; to: number }> {
  const { rows } = await sql<{ read: number; from: number; to: number }>`
    with batch as materialized (
      select m.id, m.room_id, m.search_grams from chat_messages m
      where m.id > (select indexed_to from chat_search_progress)
      order by m.id limit ${limit}
    ), added as (
      insert into chat_search (id, room_id, search_grams)
      select id, room_id, search_grams from batch where search_grams is not null
      on conflict (id) do nothing
    )
    update chat_search_progress set indexed_to = greatest(indexed_to, (select max(id) from batch))
    where exists (select 1 from batch)
    returning (select count(*) from batch)::int as read, (select min(id) from batch) as "from",
      (select max(id) from batch) as "to"`.execute(db);
  return rows[0] ?? { read: 0, from: 0, to: 0 };
}

/**
 * Removes index rows of messages deleted while they were being copied. On PostgreSQL the copy reads the archive
 * in its own snapshot, so a deletion committed after that read and before the copy committed found no row to remove
 * and the copy then added the old text; read again after the copy committed, such a message shows as a tombstone.
 * @param db the database.
 * @param from the lowest id of the copy.
 * @param to the highest id of the copy.
 */
export async function dropDeletedFromIndex(
  db: Db,
  from: number,
  to: number,
): Promise<void> {
  await sql`
    delete from chat_search s using chat_messages m
    where s.id between ${from} and ${to} and m.id = s.id and m.search_grams is null`.execute(
    db,
  );
}

/**
 * The progress mark: messages above it are not in the index yet, and search reads them from the archive.
 * @param db the database.
 * @returns the highest message id the indexer has read.
 */
export async function indexedTo(db: Db): Promise<number> {
  const row = await db
    .selectFrom("chat_search_progress")
    .select("indexed_to")
    .executeTakeFirst();
  return row?.indexed_to ?? 0;
}
