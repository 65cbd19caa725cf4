/**
 * Group commit for the message archive: messages arriving within one event-loop turn (and while the previous
 * batch commits) are stored by one multi-row insert in one transaction, then all of them are announced and
 * acknowledged. Log times are made strictly increasing per room so they can serve as the spec's message keys. One node
 * remembers each room's last time; nodes sharing the database (multiNode) instead have the insert statement itself read
 * it, under the archive's commit lock, so times and stanza ids rise in commit order whichever node commits
 * (docs/scaling.md).
 * Each batch's messages are announced in their commit order, and batches in theirs: every member is told of a room's
 * messages in `chattime` order. One node commits the next batch while it announces the last (the database works
 * while the event loop fans out); several nodes announce a batch before the lock is released.
 */
import { setImmediate as eventLoopTurn } from "node:timers/promises";
import type { Db } from "../../db/database.js";
import {
  insertMessageBatch,
  insertMessageBatchLocked,
  keyOf,
  latestLogTimes,
  type MessageRecord,
  type NewMessageRecord,
} from "../../db/repositories/chat/chat-messages.repository.js";

/** A stored message and whether this write stored it (false: its origin id was already stored). */
export type StoredMessage = { record: MessageRecord; fresh: boolean };

/**
 * Prepares telling the members of a stored message; the batch's announcements are prepared at once.
 * @returns a result for the caller of store, and the publish: called synchronously in commit order, so the
 * publishes must start (leave for the bus) before it returns; the batch is done once every promise settled.
 */
export type Announce<T> = (
  stored: StoredMessage,
) => Promise<{ result: T; publish: () => Promise<unknown> }>;

type Pending = {
  message: Omit<NewMessageRecord, "logTime">;
  dual: boolean;
  announce: Announce<unknown>;
  resolve: (m: { stored: StoredMessage; result: unknown }) => void;
  reject: (err: unknown) => void;
};

const MAX_BATCH = 500;
const MAX_ROOMS_TRACKED = 50_000;

export class ArchiveWriter {
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private readonly lastLogTime = new Map<number, number>();
  /** Settles when the last committed batch (one node) has been announced; the next one waits for it. */
  private announced: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** Other nodes write to the same archive: no remembered times, commits under the shared lock. */
    private readonly multiNode = false,
  ) {}

  /**
   * Stores a message and announces it; resolves once its transaction committed and the announcement was published.
   * @param message the message without its log time.
   * @param dual whether the room is a dual room (a new message shows it again to members who left).
   * @param announce tells the members, in commit order (not called for a repeat of an origin id within one batch).
   * @returns the stored record (the earlier one, not fresh, when the origin id was already stored) and the
   * announcement's result (undefined for a repeat within the batch).
   */
  store<T>(
    message: Omit<NewMessageRecord, "logTime">,
    dual: boolean,
    announce: Announce<T>,
  ): Promise<{ stored: StoredMessage; result: T | undefined }> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        message,
        dual,
        announce,
        resolve: resolve as Pending["resolve"],
        reject,
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.flushing = false;
      if (this.queue.length > 0) this.schedule();
    };
    const batch = this.queue.splice(0, MAX_BATCH);
    const { groups, messages, dualRooms } = distinct(batch);
    if (!this.multiNode) {
      let stored: StoredMessage[];
      try {
        stored = await insertMessageBatch(
          this.db,
          await this.assignLogTimes(messages),
          dualRooms,
        );
      } catch (err) {
        for (const p of batch) p.reject(err);
        // Cached times may be ahead of what was stored; re-read them next time.
        this.lastLogTime.clear();
        release();
        return;
      }
      // Announced after the batch before it, and a turn of the event loop later: release() schedules the next batch
      // first, so its insert leaves for the database before this batch's fan-out runs, and the database commits it
      // meanwhile. (Announced at once, the fan-out's microtasks ran before the next batch was taken: at 5,000 msg/s
      // on PGlite the event loop and the database thread each worked half the time, taking turns.)
      const previous = this.announced;
      const announced = (async () => {
        await previous;
        await eventLoopTurn();
        await settle(groups, stored);
      })();
      this.announced = announced;
      release();
      await announced;
      return;
    }
    try {
      // One statement (its own transaction) takes the lock, reads each room's latest time and stores the batch; what
      // arrives while another node holds the lock makes the next batch.
      const from = this.now();
      await insertMessageBatchLocked(
        this.db,
        withLogTimes(messages, new Map(), from),
        dualRooms,
        from,
        async (stored) => {
          await settle(groups, stored);
          // The next batch may ask for the lock now: the database grants it as soon as this one is released, without
          // a round trip to this node in between.
          release();
        },
      );
    } catch (err) {
      // The insert failed (settling never does), or releasing the lock did after the batch was settled (then
      // rejecting changes nothing).
      for (const p of batch) p.reject(err);
    } finally {
      release();
    }
  }

  private async assignLogTimes(
    messages: Omit<NewMessageRecord, "logTime">[],
  ): Promise<NewMessageRecord[]> {
    const unknown = [...new Set(messages.map((m) => m.roomId))].filter(
      (id) => !this.lastLogTime.has(id),
    );
    if (unknown.length > 0) {
      const latest = await latestLogTimes(this.db, unknown);
      if (this.lastLogTime.size > MAX_ROOMS_TRACKED) this.lastLogTime.clear();
      for (const id of unknown) this.lastLogTime.set(id, latest.get(id) ?? 0);
    }
    return withLogTimes(messages, this.lastLogTime, this.now());
  }
}

/** A batch's first message with a given (room, sender, origin id), and its repeats within the batch. */
type Group = { first: Pending; retries: Pending[] };

/**
 * A batch's distinct messages: one row per (room, sender, origin id), whose repeats within the batch share its result.
 * @param batch the pending messages.
 * @returns the groups, their messages in the same order, and the dual rooms among them.
 */
function distinct(batch: readonly Pending[]): {
  groups: Group[];
  messages: Omit<NewMessageRecord, "logTime">[];
  dualRooms: number[];
} {
  const unique = new Map<string, Group>();
  for (const p of batch) {
    const key = keyOf(p.message);
    const group = unique.get(key);
    if (group) group.retries.push(p);
    else unique.set(key, { first: p, retries: [] });
  }
  const groups = [...unique.values()];
  return {
    groups,
    messages: groups.map((g) => g.first.message),
    dualRooms: [
      ...new Set(batch.filter((p) => p.dual).map((p) => p.message.roomId)),
    ],
  };
}

/**
 * Announces a committed batch, then settles its callers.
 * @param groups the batch's distinct messages.
 * @param rows what the commit stored for each.
 */
async function settle(
  groups: readonly Group[],
  rows: readonly StoredMessage[],
): Promise<void> {
  // Never rejects: the next batch's announcement waits for this one.
  const outcomes = await announce(groups, rows);
  rows.forEach((record, i) => {
    const group = groups[i];
    const outcome = outcomes[i];
    if (!group || !outcome) return;
    if (outcome.status === "rejected") group.first.reject(outcome.reason);
    else group.first.resolve({ stored: record, result: outcome.value });
    for (const p of group.retries)
      p.resolve({
        stored: { record: record.record, fresh: false },
        result: undefined,
      });
  });
}

/**
 * Announces a committed batch: prepares every message's announcement at once, then starts the publishes one after
 * another in commit order, and waits for them.
 * @param groups the batch's distinct messages.
 * @param rows what the commit stored for each.
 * @returns each announcement's result, or why it failed (the message is stored: its sender's retry announces it).
 */
async function announce(
  groups: readonly Group[],
  rows: readonly StoredMessage[],
): Promise<PromiseSettledResult<unknown>[]> {
  const prepared = await Promise.allSettled(
    groups.map(async (g, i) => {
      const row = rows[i];
      if (!row) throw new Error("the commit returned fewer rows than it took");
      return g.first.announce(row);
    }),
  );
  // map calls each publish before the next: they leave for the bus in commit order.
  return Promise.allSettled(
    prepared.map(async (p) => {
      if (p.status === "rejected") throw p.reason;
      await p.value.publish();
      return p.value.result;
    }),
  );
}

/**
 * Gives each message its room's next log time: now, or one past the room's last when that is not earlier.
 * @param messages the messages, in acceptance order.
 * @param last each room's last log time; updated.
 * @param now the current time (epoch ms).
 * @returns the messages with their log times.
 */
function withLogTimes(
  messages: Omit<NewMessageRecord, "logTime">[],
  last: Map<number, number>,
  now: number,
): NewMessageRecord[] {
  return messages.map((m) => {
    const logTime = Math.max(now, (last.get(m.roomId) ?? 0) + 1);
    last.set(m.roomId, logTime);
    return { ...m, logTime };
  });
}
