/**
 * The ordered presence writer: every presence write goes through one queue and runs one at a time, in issue order,
 * so a user's online/offline/set never overtake each other. Logins waiting together are written in one statement.
 */
import type { Db } from "../../db/database.js";
import {
  recordLogins,
  type PresenceWrite,
} from "../../db/repositories/chat/chat-presence.repository.js";

type Op =
  | {
      kind: "login";
      row: PresenceWrite;
      resolve: (previous: number | undefined) => void;
      reject: (err: unknown) => void;
    }
  | {
      kind: "task";
      run: () => Promise<void>;
    };

/** The most logins per statement (bounds its parameter list: 5 per row). */
const MAX_LOGIN_BATCH = 400;

export class PresenceWriter {
  private readonly queue: Op[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  /**
   * Records a resource coming online (with its target's login time) after every write issued before it.
   * @param row the presence (show "on", login time now).
   * @returns the previous login time of that target, or undefined for a first login.
   */
  login(row: PresenceWrite): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      this.enqueue({ kind: "login", row, resolve, reject });
    });
  }

  /**
   * Runs other presence work after every write issued before it and before any issued later.
   * @param work the reads and writes, as one unit.
   * @returns what the work returns.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    let startTurn = (): void => undefined;
    let endTurn = (): void => undefined;
    const turn = new Promise<void>((resolve) => (startTurn = resolve));
    const ended = new Promise<void>((resolve) => (endTurn = resolve));
    this.enqueue({
      kind: "task",
      run: () => {
        startTurn();
        return ended;
      },
    });
    await turn;
    try {
      return await work();
    } finally {
      endTurn();
    }
  }

  private enqueue(op: Op): void {
    this.queue.push(op);
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const head = this.queue[0];
      if (head?.kind === "task") {
        this.queue.shift();
        await head.run();
      } else {
        await this.writeLogins(this.takeLogins());
      }
    }
    this.running = false;
  }

  /**
   * Takes the logins at the head of the queue, stopping at other work, at a second login of a user's resource or
   * target (one statement cannot update a row twice), or at the batch limit.
   */
  private takeLogins(): Extract<Op, { kind: "login" }>[] {
    const batch: Extract<Op, { kind: "login" }>[] = [];
    const resources = new Set<string>();
    const targets = new Set<string>();
    for (const op of this.queue) {
      if (op.kind !== "login" || batch.length === MAX_LOGIN_BATCH) break;
      const resource = `${op.row.userId}/${op.row.resource}`;
      const target = `${op.row.userId}/${op.row.target}`;
      if (resources.has(resource) || targets.has(target)) break;
      resources.add(resource);
      targets.add(target);
      batch.push(op);
    }
    this.queue.splice(0, batch.length);
    return batch;
  }

  private async writeLogins(
    batch: Extract<Op, { kind: "login" }>[],
  ): Promise<void> {
    try {
      const previous = await recordLogins(
        this.db,
        batch.map((op) => op.row),
      );
      batch.forEach((op, i) => op.resolve(previous[i]));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // One bad row (say, a user deleted meanwhile) must not fail the others: write them one by one.
      for (const op of batch) await this.writeLogins([op]);
    }
  }
}
