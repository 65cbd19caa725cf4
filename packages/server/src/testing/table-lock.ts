/**
 * Holds a table locked in a transaction while something waits for it, to run two things in a chosen order across
 * connections (PostgreSQL only: embedded PGlite has one connection, which the lock would hold).
 */
import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { until } from "./until.js";

/**
 * Locks a table, starts `start`, waits until it is blocked on the table, runs `meanwhile` in the locking transaction,
 * and commits.
 * @param db the server's database.
 * @param lock the table and the lock mode (share keeps writes out, access exclusive reads too).
 * @param start starts what must block on the table (it must reach the table after it is locked).
 * @param meanwhile what to do while it waits; `waiting(n)` tells whether n statements now wait for the table.
 */
export async function whileTableLocked(
  db: Db,
  lock: { table: string; mode: "share" | "access exclusive" },
  start: () => void,
  meanwhile: (
    tx: Db,
    waiting: (n: number) => Promise<boolean>,
  ) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`lock table ${sql.table(lock.table)} in ${sql.raw(lock.mode)} mode`.execute(
      tx,
    );
    const waiting = async (n: number) => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_locks
        where not granted and relation = ${lock.table}::regclass`.execute(tx);
      return rows[0]!.n >= n;
    };
    start();
    await until(() => waiting(1), `a statement to wait for ${lock.table}`);
    await meanwhile(tx, waiting);
  });
}
