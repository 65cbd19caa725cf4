/** The Redis counter store on the local Redis: the limiter's behaviour, shared by two nodes, safe under concurrency. */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { testRedisUrl } from "../../testing/index.js";
import { RateLimiter } from "./rate-limiter.js";
import { RedisRateLimitStore } from "./redis-store.js";

const redisUrl = testRedisUrl();
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
});

/** A limiter as one server node would build it, over its own connection; tests use their own key prefix. */
function node(prefix: string) {
  const redis = new Redis(redisUrl);
  clients.push(redis);
  return new RateLimiter(new RedisRateLimitStore(redis, prefix));
}

const rule = { limit: 3, windowMs: 60_000 };

describe("RedisRateLimitStore", () => {
  it("lets the limit through, then refuses with the time left; two nodes share the count", async () => {
    const prefix = `moa:test:${randomUUID()}:`;
    const a = node(prefix);
    const b = node(prefix);
    expect(await a.hit(rule, "k")).toBeUndefined();
    expect(await b.hit(rule, "k")).toBeUndefined();
    expect(await a.hit(rule, "k")).toBeUndefined();
    const refused = await b.hit(rule, "k");
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await a.check(rule, "k")).toBeDefined();
    expect(await a.check(rule, "other")).toBeUndefined();
  });

  it("counts every one of 50 concurrent hits", async () => {
    const prefix = `moa:test:${randomUUID()}:`;
    const a = node(prefix);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => a.hit(rule, "k")),
    );
    expect(results.filter((r) => r === undefined)).toHaveLength(3);
    expect((await a.store.peek("k"))?.count).toBe(50);
  });

  it("gives back a hit, ignores a give-back without a window, remembers and forgets keys", async () => {
    const prefix = `moa:test:${randomUUID()}:`;
    const a = node(prefix);
    for (let i = 0; i < 4; i += 1) await a.hit(rule, "k");
    await a.refund(rule, "k");
    await a.refund(rule, "k");
    expect(await a.check(rule, "k")).toBeUndefined();
    await a.refund(rule, "none");
    expect(await a.store.peek("none")).toBeUndefined();
    await a.store.set("known", 60_000);
    expect((await a.store.peek("known"))?.count).toBe(1);
    await a.store.delete("known");
    expect(await a.store.peek("known")).toBeUndefined();
  });

  it("lets a window end", async () => {
    const prefix = `moa:test:${randomUUID()}:`;
    const a = node(prefix);
    const short = { limit: 1, windowMs: 200 };
    await a.hit(short, "k");
    expect(await a.check(short, "k")).toBeDefined();
    const deadline = Date.now() + 10_000;
    while ((await a.check(short, "k")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await a.check(short, "k")).toBeUndefined();
  });
});
