/**
 * The counter store shared by several server nodes: one Redis key per counter, expiring with its window. Each
 * change is one Lua script, so concurrent nodes never lose a hit.
 */
import type { Redis } from "ioredis";
import type { Counter, RateLimitStore } from "./rate-limiter.js";

/** KEYS[1] the counter; ARGV[1] the window in ms; ARGV[2] the amount. Returns { count, ms left }. */
const INCREMENT = `
local left = redis.call('PTTL', KEYS[1])
local by = tonumber(ARGV[2])
if left <= 0 then
  if by < 0 then return {0, 0} end
  redis.call('SET', KEYS[1], by, 'PX', ARGV[1])
  return {by, tonumber(ARGV[1])}
end
return {redis.call('INCRBY', KEYS[1], by), left}
`;

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === "number" &&
  typeof v[1] === "number";

export class RedisRateLimitStore implements RateLimitStore {
  /**
   * @param redis a connected client (the caller owns and closes it).
   * @param prefix namespace of the keys, e.g. `moa:rl:`.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "moa:rl:",
    private readonly now: () => number = Date.now,
  ) {}

  async increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    const r: unknown = await this.redis.eval(
      INCREMENT,
      1,
      this.prefix + key,
      windowMs,
      by,
    );
    if (!isPair(r))
      throw new Error("unexpected answer from the rate-limit script");
    return { count: r[0], resetAt: this.now() + r[1] };
  }

  async peek(key: string): Promise<Counter | undefined> {
    const k = this.prefix + key;
    const [count, left] = await Promise.all([
      this.redis.get(k),
      this.redis.pttl(k),
    ]);
    if (count === null || left <= 0) return undefined;
    return { count: Number(count), resetAt: this.now() + left };
  }

  async set(key: string, windowMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, 1, "PX", windowMs);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
