import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../testing/until.js";
import { scheduleCheckpoints } from "./checkpoints.js";
import { openDatabase, type DatabaseHandle } from "./database.js";

// The embedded database has no checkpointer of its own: what it wrote stays in its log, to be replayed after a crash,
// until something checkpoints it.
describe("checkpoints of the embedded database", () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "moa-checkpoints-"));
    handle = await openDatabase({ kind: "pglite", dataDir: dir });
  });

  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Where a restart after a crash would start replaying the log. */
  const redo = async (): Promise<number> =>
    Number(
      (
        await sql<{
          ahead: string;
        }>`select pg_wal_lsn_diff(redo_lsn, '0/0') as ahead from pg_control_checkpoint()`.execute(
          handle.db,
        )
      ).rows[0]!.ahead,
    );

  it("moves the redo point past what was written while the database stays open", async () => {
    await sql`create table notes (id serial primary key, body text not null)`.execute(
      handle.db,
    );
    await sql`insert into notes (body) select repeat(md5(g::text), 20) from generate_series(1, 5000) g`.execute(
      handle.db,
    );
    const written = Number(
      (
        await sql<{
          at: string;
        }>`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as at`.execute(
          handle.db,
        )
      ).rows[0]!.at,
    );
    // Nothing checkpoints by itself: the whole insert would be replayed.
    expect(await redo()).toBeLessThan(written);
    const errors: unknown[] = [];
    const job = scheduleCheckpoints(handle.db, {
      everyMs: 50,
      onDone: () => undefined,
      onError: (err) => errors.push(err),
    });
    try {
      await until(
        async () => (await redo()) >= written,
        "a checkpoint after the insert",
      );
    } finally {
      await job.stop();
    }
    expect(errors).toEqual([]);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from notes`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe(5000);
  });
});
