/**
 * Fixed-window rate limiting over a pluggable counter store. The store is in memory for a single node; a shared
 * store (Redis) makes the limits hold across several nodes without changing callers.
 */

/** A counter's state: hits in the current window and when the window ends. */
export type Counter = { count: number; resetAt: number };

/** Where counters live. Every method is atomic per key. */
export interface RateLimitStore {
  /**
   * Adds `by` hits (one by default); a key without a live window starts one of `windowMs`. A negative `by` (to
   * give back a hit counted in advance) on a key without a live window does nothing.
   * @returns the counter after the change.
   */
  increment(key: string, windowMs: number, by?: number): Promise<Counter>;
  /** @returns the live counter, or undefined when the key has none. */
  peek(key: string): Promise<Counter | undefined>;
  /** Sets the key to one hit with a fresh window of `windowMs` (to remember something for a while). */
  set(key: string, windowMs: number): Promise<void>;
  /** Forgets the key. */
  delete(key: string): Promise<void>;
}

/** A limit: at most `limit` hits per `windowMs`. */
export type RateLimitRule = {
  readonly limit: number;
  readonly windowMs: number;
};

/** The answer when a limit is reached: how long the caller must wait. */
export type Throttled = { retryAfterSeconds: number };

export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Tells whether the key is already over its limit, without counting.
   * @returns the wait when it is, else undefined.
   */
  async check(
    rule: RateLimitRule,
    key: string,
  ): Promise<Throttled | undefined> {
    const c = await this.store.peek(key);
    return c && c.count >= rule.limit ? this.wait(c) : undefined;
  }

  /**
   * Counts one hit against the key.
   * @returns the wait when this hit went over the limit, else undefined.
   */
  async hit(rule: RateLimitRule, key: string): Promise<Throttled | undefined> {
    const c = await this.store.increment(key, rule.windowMs);
    return c.count > rule.limit ? this.wait(c) : undefined;
  }

  /** Gives back one hit counted by `hit`, once the attempt turned out to be legitimate. */
  async refund(rule: RateLimitRule, key: string): Promise<void> {
    await this.store.increment(key, rule.windowMs, -1);
  }

  private wait(c: Counter): Throttled {
    return {
      retryAfterSeconds: Math.max(
        1,
        Math.ceil((c.resetAt - this.now()) / 1000),
      ),
    };
  }
}
