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
  withArchiveLock,
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
    const nodeA = withArchiveLock(handle.db, async (conn) => {
      await insertMessageBatch(conn, [message(other, "a0", 1_000)], [], 1_000);
      held();
      await gate;
    });
    await holding;
    // Node B sends its batch for the room, counted from 1,000; its insert waits for the lock.
    const nodeB = withArchiveLock(handle.db, async (conn) => {
      await sql`set application_name = 'moa-lock-test-b'`.execute(conn);
      return insertMessageBatch(conn, [message(room, "b1", 1_000)], [], 1_000);
    });
    await expect
      .poll(
        async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_stat_activity
            where application_name = 'moa-lock-test-b' and wait_event_type = 'Lock' and wait_event = 'advisory'
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
  } finally {
    release();
    await handle.close();
  }
});
