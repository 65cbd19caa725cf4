/**
 * Races a login against the end of its access, deterministically (PostgreSQL only: the race needs a second
 * connection, which embedded PGlite has not).
 */
import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { until } from "./until.js";

/**
 * Starts a login while a transaction keeps sessions from being stored, waits until the login is held at storing its
 * session, runs `meanwhile` in that transaction (what ends the access), and commits.
 * @param db the server's database.
 * @param login starts the login and returns its pending answer.
 * @param meanwhile the writes that end the access, made inside the transaction.
 * @returns the login's answer, once the transaction has committed.
 */
export async function loginWhileAccessEnds<T>(
  db: Db,
  login: () => Promise<T>,
  meanwhile: (tx: Db) => Promise<void>,
): Promise<T> {
  let answer: Promise<T> | undefined;
  await db.transaction().execute(async (tx) => {
    await sql`lock table auth_sessions in share mode`.execute(tx);
    answer = login();
    await until(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_locks
        where not granted and relation = 'auth_sessions'::regclass`.execute(tx);
      return rows[0]!.n > 0;
    }, "the login to wait to store its session");
    await meanwhile(tx);
  });
  return answer!;
}
