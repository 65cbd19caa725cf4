/**
 * Checkpoints for the embedded database while it is open. PGlite is PostgreSQL without its background processes, so
 * no checkpointer runs: its write-ahead log was never recycled while the server ran (1.7 GB of writes left 1.7 GB of
 * log, past max_wal_size), and opening it after a crash replayed all of it (8 s for those 1.7 GB). A checkpoint at
 * PostgreSQL's own default interval bounds both. PGlite does not fsync, so one is short (13 ms after 14 MB of log on
 * the development machine), and it runs between statements like any other.
 */
import { sql } from "kysely";
import type { Db } from "./database.js";

/** PostgreSQL's default checkpoint_timeout. */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

export type CheckpointJob = {
  /** Stops the rounds and waits for a checkpoint in progress (the database can be closed then). */
  stop(): Promise<void>;
};

/**
 * Checkpoints the database every `everyMs`.
 * @param db the embedded database.
 * @param opts the interval, and what to do with a finished or failed checkpoint (the next round tries again).
 * @returns the job, to stop before closing the database.
 */
export function scheduleCheckpoints(
  db: Db,
  opts: {
    everyMs: number;
    /** Told how long each took: the database answers nothing else meanwhile (PostgreSQL logs its own too). */
    onDone: (ms: number) => void;
    onError: (err: unknown) => void;
  },
): CheckpointJob {
  let running: Promise<void> | undefined;
  const checkpoint = async (): Promise<void> => {
    try {
      const start = performance.now();
      await sql`checkpoint`.execute(db);
      opts.onDone(performance.now() - start);
    } catch (err) {
      opts.onError(err);
    } finally {
      running = undefined;
    }
  };
  const timer = setInterval(() => {
    running ??= checkpoint();
  }, opts.everyMs);
  // The server's other work keeps the process alive, not this.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
