/**
 * Group commit for the message archive: messages arriving within one event-loop turn (and while the previous
 * batch commits) are stored by one multi-row insert in one transaction, then all of them are acknowledged.
 * Log times are made strictly increasing per room so they can serve as the spec's message keys. One node remembers each
 * room's last time; nodes sharing the database (multiNode) instead read it inside the insert's transaction under the
 * archive's commit lock, so times and stanza ids rise in commit order whichever node commits (docs/scaling.md).
 */
import type { Db } from "../../db/database.js";
import {
  insertMessageBatch,
  latestLogTimes,
  lockArchive,
  type MessageRecord,
  type NewMessageRecord,
} from "../../db/repositories/chat/chat-messages.repository.js";

type Pending = {
  message: Omit<NewMessageRecord, "logTime">;
  dual: boolean;
  resolve: (m: StoredMessage) => void;
  reject: (err: unknown) => void;
};

/** A stored message and whether this write stored it (false: its origin id was already stored). */
export type StoredMessage = { record: MessageRecord; fresh: boolean };

const MAX_BATCH = 500;
const MAX_ROOMS_TRACKED = 50_000;

export class ArchiveWriter {
  private queue: Pending[] = [];
  private flushing = false;
  private scheduled = false;
  private readonly lastLogTime = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** Other nodes write to the same archive: no remembered times, commits under the shared lock. */
    private readonly multiNode = false,
  ) {}

  /**
   * Stores a message; resolves once its transaction committed.
   * @param message the message without its log time.
   * @param dual whether the room is a dual room (a new message shows it again to members who left).
   * @returns the stored record (the earlier one, not fresh, when the origin id was already stored).
   */
  store(
    message: Omit<NewMessageRecord, "logTime">,
    dual: boolean,
  ): Promise<StoredMessage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ message, dual, resolve, reject });
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
    const batch = this.queue.splice(0, MAX_BATCH);
    try {
      // One row per (room, sender, origin id): duplicates inside a batch share the first one's result.
      const unique = new Map<string, { first: Pending; retries: Pending[] }>();
      for (const p of batch) {
        const key = `${p.message.roomId}\u0000${p.message.senderJid}\u0000${p.message.originId}`;
        const group = unique.get(key);
        if (group) group.retries.push(p);
        else unique.set(key, { first: p, retries: [] });
      }
      const groups = [...unique.values()];
      const messages = groups.map((g) => g.first.message);
      const dualRooms = [
        ...new Set(batch.filter((p) => p.dual).map((p) => p.message.roomId)),
      ];
      const stored = this.multiNode
        ? await this.db.transaction().execute(async (tx) => {
            await lockArchive(tx);
            const rows = withLogTimes(
              messages,
              await latestLogTimes(tx, [
                ...new Set(messages.map((m) => m.roomId)),
              ]),
              this.now(),
            );
            return insertMessageBatch(tx, rows, dualRooms);
          })
        : await insertMessageBatch(
            this.db,
            await this.assignLogTimes(messages),
            dualRooms,
          );
      stored.forEach((result, i) => {
        const group = groups[i];
        group?.first.resolve(result);
        for (const p of group?.retries ?? [])
          p.resolve({ record: result.record, fresh: false });
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
      // Cached times may be ahead of what was stored; re-read them next time.
      this.lastLogTime.clear();
    } finally {
      this.flushing = false;
      if (this.queue.length > 0) this.schedule();
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
