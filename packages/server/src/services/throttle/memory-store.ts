/** The single-node counter store: a Map whose expired windows are swept as new keys arrive. */
import type { Counter, RateLimitStore } from "./rate-limiter.js";

/** Inserts between sweeps of expired counters, so memory stays bounded by the live windows. */
const SWEEP_EVERY = 1000;

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, Counter>();
  private insertsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  increment(key: string, windowMs: number, by = 1): Promise<Counter> {
    const live = this.live(key);
    if (!live && by < 0)
      return Promise.resolve({ count: 0, resetAt: this.now() });
    const next = live
      ? { count: live.count + by, resetAt: live.resetAt }
      : { ...this.insert(windowMs), count: by };
    this.counters.set(key, next);
    return Promise.resolve({ ...next });
  }

  peek(key: string): Promise<Counter | undefined> {
    const live = this.live(key);
    return Promise.resolve(live && { ...live });
  }

  set(key: string, windowMs: number): Promise<void> {
    this.counters.set(key, this.insert(windowMs));
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.counters.delete(key);
    return Promise.resolve();
  }

  private live(key: string): Counter | undefined {
    const c = this.counters.get(key);
    return c && c.resetAt > this.now() ? c : undefined;
  }

  private insert(windowMs: number): Counter {
    if (++this.insertsSinceSweep >= SWEEP_EVERY) this.sweep();
    return { count: 1, resetAt: this.now() + windowMs };
  }

  private sweep(): void {
    this.insertsSinceSweep = 0;
    const now = this.now();
    for (const [key, c] of this.counters)
      if (c.resetAt <= now) this.counters.delete(key);
  }
}
