/**
 * Races a login against the end of its access, deterministically (PostgreSQL only: the race needs a second
 * connection, which embedded PGlite has not).
 */
import type { Db } from "../db/database.js";
import { whileTableLocked } from "./table-lock.js";

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
  await whileTableLocked(
    db,
    { table: "auth_sessions", mode: "share" },
    () => {
      answer = login();
    },
    (tx) => meanwhile(tx),
  );
  return answer!;
}
