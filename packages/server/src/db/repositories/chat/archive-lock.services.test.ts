/**
 * The archive's commit lock on PostgreSQL, where nodes share the database (PGlite has one connection: nothing waits).
 * The insert takes the lock itself (migration 012), so what it reads must be what was committed before the lock was
 * granted, not before the insert was sent.
 */
import { expect, it } from "vitest";
import { sql } from "kysely";
import {
  createBareRoom,
  createTestDatabase,
  timedTalkRecord,
} from "../../../testing/index.js";
import {
  insertMessageBatch,
  insertMessageBatchLocked,
} from "./chat-messages.repository.js";

it("a batch that waited for the lock is stored after what was committed meanwhile, in its room's order", async () => {
  const handle = await createTestDatabase();
  const message = (roomId: number, originId: string, logTime: number) =>
    timedTalkRecord(roomId, originId, "a@lock.test", logTime);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  try {
    const room = await createBareRoom(handle.db, "lock_wait");
    const other = await createBareRoom(handle.db, "lock_other");
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    // Node A stores a batch and keeps the lock while it publishes (here: until the gate opens).
    const nodeA = insertMessageBatchLocked(
      handle.db,
      [message(other, "a0", 1_000)],
      [],
      1_000,
      async () => {
        held();
        await gate;
      },
    );
    await holding;
    // Node B sends its batch for the room, counted from 1,000; its insert waits for the lock.
    const nodeB = insertMessageBatchLocked(
      handle.db,
      [message(room, "b1", 1_000)],
      [],
      1_000,
      (stored) => Promise.resolve(stored),
    );
    await expect
      .poll(
        async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'
          `.execute(handle.db);
          return rows[0]?.waiting;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    // Meanwhile a message of the room far ahead of B's clock is committed (as another node's would be); A releases.
    await insertMessageBatch(handle.db, [message(room, "x1", 9_000)], []);
    release();
    await nodeA;
    const [stored] = await nodeB;
    expect(stored?.record.logTime).toBe(9_001);
    // Whatever is done under the lock, failing included, the lock is released after it.
    await expect(
      insertMessageBatchLocked(
        handle.db,
        [message(room, "c1", 1_000)],
        [],
        1_000,
        () => Promise.reject(new Error("publishing failed")),
      ),
    ).rejects.toThrow("publishing failed");
    const { rows } = await sql<{ held: number }>`
      select count(*)::int as held from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and d.datname = current_database()
    `.execute(handle.db);
    expect(rows[0]?.held).toBe(0);
  } finally {
    release();
    await handle.close();
  }
});
