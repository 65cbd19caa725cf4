/**
 * Fills the search index behind the archive (migration 009): after a commit, it copies the new messages' text into
 * chat_search a short while later, in small statements, so the index's work never sits inside a message's commit.
 * On PGlite the database is one thread: a statement of the indexer delays a commit that arrives during it, so each
 * is kept short and the next one waits for the event loop's next turn, letting commits queued meanwhile go first.
 * Search never waits for it: messages above the progress mark are read from the archive directly.
 */
import type { DatabaseHandle, Db } from "../../db/database.js";
import {
  dropDeletedFromIndex,
  indexNextMessages,
} from "../../db/repositories/chat/chat-search-index.repository.js";

/**
 * Messages per statement. A run starts with few (at 500 messages/s a run finds about 25, and on PGlite 8 rows take
 * well under a millisecond of the thread) and doubles them while it finds a full statement's worth, so that under
 * thousands of messages per second the statements' own overhead does not leave the index behind. On PGlite a
 * statement of 256 messages held commits back for tens of milliseconds, so there the index may trail further
 * under such load instead; PostgreSQL runs the indexer's statements beside the commits.
 */
const FIRST_CHUNK = 8;
const MAX_CHUNK = { pglite: 32, postgres: 512 } as const;
/** How long after a commit the indexer starts: commits meanwhile are indexed together. */
const LAG_MS = 50;

export class SearchIndexer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pending = false;
  private stopped = false;

  private readonly maxChunk: number;

  constructor(
    private readonly db: Db,
    databaseKind: DatabaseHandle["kind"],
    private readonly onError: (err: unknown) => void,
  ) {
    this.maxChunk = MAX_CHUNK[databaseKind];
  }

  /** Messages were committed (or may be waiting, at start): index them soon. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) {
      this.pending = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.run().finally(() => {
        this.running = undefined;
        if (this.pending) {
          this.pending = false;
          this.nudge();
        }
      });
    }, LAG_MS);
    this.timer.unref();
  }

  /** Stops indexing; resolves once a running statement has finished (the rest waits for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Indexes until caught up. A failure waits for the next commit's nudge: until then search reads more directly. */
  private async run(): Promise<void> {
    try {
      for (let chunk = FIRST_CHUNK; !this.stopped;) {
        const { read, from, to } = await indexNextMessages(this.db, chunk);
        if (read > 0) await dropDeletedFromIndex(this.db, from, to);
        if (read < chunk) return;
        chunk = Math.min(this.maxChunk, chunk * 2);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      this.onError(err);
    }
  }
}
