import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../testing/until.js";
import { openDatabase, type DatabaseHandle } from "./database.js";
import { scheduleUpkeep, type UpkeepWork } from "./embedded-upkeep.js";

// The embedded database has no background processes: nothing checkpoints or vacuums it unless the server does.
describe("upkeep of the embedded database", () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "moa-upkeep-"));
    handle = await openDatabase({ kind: "pglite", dataDir: dir });
  });

  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const one = async <T>(query: ReturnType<typeof sql<T>>): Promise<T> =>
    (await query.execute(handle.db)).rows[0]!;

  /** Runs the upkeep often until `done` holds; returns what it did. */
  async function upkeepUntil(
    done: () => Promise<boolean>,
    what: string,
  ): Promise<UpkeepWork[]> {
    const work: UpkeepWork[] = [];
    const errors: unknown[] = [];
    const job = scheduleUpkeep(handle.db, {
      checkpointMs: 50,
      vacuumMs: 50,
      onDone: (w) => work.push(w),
      onError: (_w, err) => errors.push(err),
    });
    try {
      // A failure ends the wait at once, to be reported below.
      await until(async () => errors.length > 0 || (await done()), what);
    } finally {
      await job.stop();
    }
    expect(errors).toEqual([]);
    return work;
  }

  it("checkpoints: the redo point moves past what was written while the database stays open", async () => {
    await sql`create table notes (id serial primary key, body text not null)`.execute(
      handle.db,
    );
    await sql`insert into notes (body) select repeat(md5(g::text), 20) from generate_series(1, 5000) g`.execute(
      handle.db,
    );
    const at = async (query: ReturnType<typeof sql<{ at: string }>>) =>
      Number((await one(query)).at);
    // Where a restart after a crash would start replaying the log; nothing moves it by itself.
    const redo = () =>
      at(
        sql`select pg_wal_lsn_diff(redo_lsn, '0/0') as at from pg_control_checkpoint()`,
      );
    const written = await at(
      sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as at`,
    );
    expect(await redo()).toBeLessThan(written);
    const work = await upkeepUntil(
      async () => (await redo()) >= written,
      "a checkpoint after the insert",
    );
    expect(work).toContain("checkpoint");
  });

  it("vacuums a table full of dead rows and gives it statistics", async () => {
    await sql`create table marks (id int primary key, seen int not null)`.execute(
      handle.db,
    );
    await sql`insert into marks select g, 0 from generate_series(1, 2000) g`.execute(
      handle.db,
    );
    // A read watermark moving: every row rewritten a few times.
    for (let i = 0; i < 3; i++)
      await sql`update marks set seen = seen + 1`.execute(handle.db);
    const stats = async () => {
      // Counters reach the statistics views at most once a second unless asked.
      await sql`select pg_stat_force_next_flush()`.execute(handle.db);
      return one(
        sql<{
          dead: number;
          vacuumed: boolean;
          analyzed: boolean;
        }>`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
           from pg_stat_user_tables where relname = 'marks'`,
      );
    };
    expect(await stats()).toMatchObject({ vacuumed: false, analyzed: false });
    expect((await stats()).dead).toBeGreaterThan(1000);
    const work = await upkeepUntil(
      async () => (await stats()).dead === 0,
      "the dead rows to be reclaimed",
    );
    expect(work).toContain("vacuum marks");
    expect(await stats()).toEqual({ dead: 0, vacuumed: true, analyzed: true });
    const planned = await one(
      sql<{
        rows: number;
      }>`select reltuples::int as rows from pg_class where relname = 'marks'`,
    );
    expect(planned.rows).toBe(2000);
  });
});
