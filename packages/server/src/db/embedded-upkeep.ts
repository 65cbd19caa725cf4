/**
 * Upkeep of the embedded database while it is open: what PostgreSQL's background processes do, which PGlite (one
 * process, no checkpointer, no autovacuum) lacks.
 *
 * - Checkpoints. Without them the write-ahead log was never recycled while the server ran (1.7 GB of writes left
 *   1.7 GB of log, past max_wal_size), and opening the database after a crash replayed all of it (8 s for those
 *   1.7 GB). One every 5 minutes, PostgreSQL's own default interval, bounds both. PGlite does not fsync, so one is
 *   short (13 ms after 14 MB of log on the development machine).
 * - Vacuum and analyze, by autovacuum's default rules: a table with more dead rows than 50 + 20 % of its rows (read
 *   watermarks, presences and refresh tokens are rewritten all day), or with transaction ids old enough to need
 *   freezing, is vacuumed; one with more changes since its last analyze than 50 + 10 % is analyzed, so the planner's
 *   statistics follow the archive's growth. Without it dead rows were never reclaimed and no table ever had
 *   statistics. Unlike autovacuum, a table is not vacuumed for its inserts alone: that would vacuum the archive every
 *   fifth of its size, and each vacuum reads the whole search index, holding the database meanwhile. And a table is
 *   analyzed from a tenth of the default sample (3,000 rows): the full sample of an archive of 200,000 messages held
 *   the database for 300–400 ms, this one for 40 ms, and the queries here need no finer statistics.
 *
 * Each piece of work is one statement (an analyze, one short transaction); the database answers nothing else while
 * it runs, and other statements run between them as usual.
 */
import { sql } from "kysely";
import type { Db } from "./database.js";

/** How often each kind of work is due: PostgreSQL's checkpoint_timeout and autovacuum_naptime defaults. */
export const UPKEEP_INTERVALS = { checkpointMs: 5 * 60_000, vacuumMs: 60_000 };

export type UpkeepJob = {
  /** Stops the rounds and waits for work in progress (the database can be closed then). */
  stop(): Promise<void>;
};

/** What a round did or failed at: {@link CHECKPOINT}, "vacuum chat_members", "analyze chat_messages"… */
export type UpkeepWork = string;

export const CHECKPOINT: UpkeepWork = "checkpoint";

/** autovacuum_freeze_max_age's default less a margin: plain vacuums freeze aggressively from vacuum_freeze_table_age. */
const FREEZE_AGE = 150_000_000;
/** A tenth of default_statistics_target (analyze samples 300 rows per unit). */
const STATISTICS_TARGET = 10;

/**
 * Runs checkpoints and vacuum rounds on the database, one piece of work at a time.
 * @param db the embedded database.
 * @param opts the intervals, and what to do with finished or failed work (the next round tries again).
 * @returns the job, to stop before closing the database.
 */
export function scheduleUpkeep(
  db: Db,
  opts: {
    checkpointMs: number;
    vacuumMs: number;
    /** Told how long each piece of work took: the database answered nothing else meanwhile. */
    onDone: (work: UpkeepWork, ms: number) => void;
    onError: (work: UpkeepWork, err: unknown) => void;
  },
): UpkeepJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timed = async (work: UpkeepWork, statement: () => Promise<unknown>) => {
    try {
      const start = performance.now();
      await statement();
      opts.onDone(work, performance.now() - start);
    } catch (err) {
      opts.onError(work, err);
    }
  };
  const vacuumRound = async () => {
    for (const t of await tablesDue(db)) {
      if (stopped) return;
      const table = sql.id(t.schema, t.name);
      if (t.vacuum)
        await timed(`vacuum ${t.name}`, () => sql`vacuum ${table}`.execute(db));
      await timed(`analyze ${t.name}`, () =>
        // VACUUM cannot run in a transaction block; ANALYZE can, with its sample size set for it alone.
        db.transaction().execute(async (tx) => {
          await sql`set local default_statistics_target = ${sql.lit(STATISTICS_TARGET)}`.execute(
            tx,
          );
          await sql`analyze ${table}`.execute(tx);
        }),
      );
    }
  };
  const run = (round: () => Promise<void>) => {
    // Work still running (a long vacuum round) makes a tick of either kind pass: it comes again an interval later.
    running ??= (async () => {
      try {
        await round();
      } catch (err) {
        opts.onError("vacuum round", err);
      } finally {
        running = undefined;
      }
    })();
  };
  const timers = [
    setInterval(
      () => run(() => timed(CHECKPOINT, () => sql`checkpoint`.execute(db))),
      opts.checkpointMs,
    ),
    setInterval(() => run(vacuumRound), opts.vacuumMs),
  ];
  // The server's other work keeps the process alive, not this.
  for (const t of timers) t.unref();
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await running;
    },
  };
}

type TableDue = { schema: string; name: string; vacuum: boolean };

/** The tables past autovacuum's default thresholds, most dead rows first; `vacuum` false: analyze only (every one is analyzed). */
async function tablesDue(db: Db): Promise<TableDue[]> {
  const { rows } = await sql<TableDue>`
    select schema, name, needs_vacuum as vacuum from (
      select s.schemaname as schema, s.relname as name, s.n_dead_tup as dead,
        s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
          or age(c.relfrozenxid) > ${FREEZE_AGE} as needs_vacuum,
        s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as needs_analyze
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    ) t
    where needs_vacuum or needs_analyze
    order by needs_vacuum desc, dead desc
  `.execute(db);
  return rows;
}
