import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "./memory-store.js";
import { RateLimiter } from "./rate-limiter.js";

const rule = { limit: 3, windowMs: 60_000 };

function limiterAt(start: number) {
  let now = start;
  const clock = () => now;
  return {
    limiter: new RateLimiter(new MemoryRateLimitStore(clock), clock),
    advance: (ms: number) => (now += ms),
  };
}

describe("RateLimiter over the memory store", () => {
  it("lets the limit through, refuses the next hit with the time left in the window", async () => {
    const { limiter, advance } = limiterAt(1_000_000);
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit(rule, "a")).toBeUndefined();
    advance(20_500);
    expect(await limiter.hit(rule, "a")).toEqual({ retryAfterSeconds: 40 });
    expect(await limiter.check(rule, "a")).toEqual({ retryAfterSeconds: 40 });
  });

  it("counts keys separately and opens again when the window ends", async () => {
    const { limiter, advance } = limiterAt(0);
    for (let i = 0; i < 3; i++) await limiter.hit(rule, "a");
    expect(await limiter.check(rule, "a")).toBeDefined();
    expect(await limiter.check(rule, "b")).toBeUndefined();
    advance(60_000);
    expect(await limiter.check(rule, "a")).toBeUndefined();
    expect(await limiter.hit(rule, "a")).toBeUndefined();
  });

  it("remembers a set key for its window and forgets a deleted one", async () => {
    const { limiter, advance } = limiterAt(0);
    await limiter.store.set("k", 1000);
    expect(await limiter.store.peek("k")).toEqual({ count: 1, resetAt: 1000 });
    advance(1000);
    expect(await limiter.store.peek("k")).toBeUndefined();
    await limiter.store.set("k", 1000);
    await limiter.store.delete("k");
    expect(await limiter.store.peek("k")).toBeUndefined();
  });
});

describe("refund", () => {
  it("gives back a hit inside the window and does nothing once the window is gone", async () => {
    const { limiter, advance } = limiterAt(0);
    for (let i = 0; i < 4; i++) await limiter.hit(rule, "a");
    await limiter.refund(rule, "a");
    expect(await limiter.check(rule, "a")).toBeDefined();
    await limiter.refund(rule, "a");
    expect(await limiter.check(rule, "a")).toBeUndefined();
    advance(60_000);
    await limiter.refund(rule, "a");
    expect(await limiter.store.peek("a")).toBeUndefined();
  });
});
