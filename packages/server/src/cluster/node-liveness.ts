/**
 * Which server nodes are alive, and who is online on each (docs/scaling.md "A node that dies"). Every node keeps a
 * Redis key that expires unless renewed, and a hash of the presences it holds. A node that stops renewing (killed,
 * frozen, cut off) is noticed by whichever live node sweeps first; that node takes the dead node's presences off, so
 * watchers see its users go offline within the timeout plus one sweep interval.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { createLogger } from "../logger.js";

const log = createLogger("cluster.liveness");

/** A presence one node holds (one connected resource), as needed to take it off later. */
export type HeldPresence = {
  userId: number;
  jid: string;
  resource: string;
  target: string;
  loginTime: number;
};

/** What the presence service tells the node registry. */
export interface PresenceTracker {
  /** A resource came online on this node. */
  track(presence: HeldPresence): void;
  /** A resource of this node went offline. */
  untrack(userId: number, resource: string): void;
}

const isHeld = (v: unknown): v is HeldPresence => {
  const p = v as Partial<HeldPresence> | null;
  return (
    typeof p?.userId === "number" &&
    typeof p.jid === "string" &&
    typeof p.resource === "string" &&
    typeof p.target === "string" &&
    typeof p.loginTime === "number"
  );
};

export class NodeLiveness implements PresenceTracker {
  readonly nodeId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  /**
   * @param redis the shared command connection.
   * @param prefix namespace of the keys.
   * @param timeoutMs how long a node that stopped renewing counts as alive.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly timeoutMs: number,
  ) {}

  private get nodesKey(): string {
    return `${this.prefix}nodes`;
  }
  private aliveKey(id: string): string {
    return `${this.prefix}node:${id}:alive`;
  }
  private heldKey(id: string): string {
    return `${this.prefix}node:${id}:presence`;
  }

  /**
   * Announces this node and starts renewing and sweeping (every third of the timeout).
   * @param takeOff removes a dead node's presences (database and watchers).
   */
  async start(takeOff: (dead: HeldPresence[]) => Promise<void>): Promise<void> {
    await this.renew();
    this.timer = setInterval(
      () => void this.tick(takeOff),
      Math.max(100, Math.floor(this.timeoutMs / 3)),
    );
    this.timer.unref();
  }

  track(p: HeldPresence): void {
    this.redis
      .hset(
        this.heldKey(this.nodeId),
        field(p.userId, p.resource),
        JSON.stringify(p),
      )
      .catch((err: unknown) => log.warn({ err }, "presence not registered"));
  }

  untrack(userId: number, resource: string): void {
    this.redis
      .hdel(this.heldKey(this.nodeId), field(userId, resource))
      .catch((err: unknown) => log.warn({ err }, "presence not unregistered"));
  }

  /** Stops renewing and forgets this node (its sessions have ended and gone offline already). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.redis
      .multi()
      .srem(this.nodesKey, this.nodeId)
      .del(this.aliveKey(this.nodeId), this.heldKey(this.nodeId))
      .exec();
  }

  private async renew(): Promise<void> {
    // Re-announced each time: a node that stalled past the timeout and was swept joins again.
    await this.redis
      .multi()
      .set(this.aliveKey(this.nodeId), "1", "PX", this.timeoutMs)
      .sadd(this.nodesKey, this.nodeId)
      .exec();
  }

  private async tick(takeOff: (dead: HeldPresence[]) => Promise<void>) {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.renew();
      for (const id of await this.redis.smembers(this.nodesKey)) {
        if (id === this.nodeId || (await this.redis.exists(this.aliveKey(id))))
          continue;
        // Only the node whose removal succeeds takes the dead node's presences off, so they go once.
        if ((await this.redis.srem(this.nodesKey, id)) !== 1) continue;
        const held = Object.values(await this.redis.hgetall(this.heldKey(id)))
          .map((raw): unknown => JSON.parse(raw))
          .filter(isHeld);
        log.warn({ node: id, presences: held.length }, "node stopped renewing");
        try {
          await takeOff(held);
          await this.redis.del(this.heldKey(id));
        } catch (err) {
          // Put it back: the next sweep (of any node) tries again.
          await this.redis.sadd(this.nodesKey, id);
          throw err;
        }
      }
    } catch (err) {
      log.error({ err }, "node sweep failed");
    } finally {
      this.sweeping = false;
    }
  }
}

const field = (userId: number, resource: string) => `${userId}/${resource}`;
