import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { configDocs, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("uses the documented defaults on an empty environment", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe("127.0.0.1");
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it("rejects bad values with every offending variable named", () => {
    expect(() =>
      loadConfig({ PORT: "70000", DATABASE_URL: "mysql://x" }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("documents every variable", () => {
    expect(configDocs.map((d) => d.name)).toEqual(
      expect.arrayContaining([
        "PORT",
        "HOST",
        "DATA_DIR",
        "DATABASE_URL",
        "REDIS_URL",
        "PUBLIC_URL",
      ]),
    );
    for (const d of configDocs) expect(d.description).not.toBe("");
  });

  it("takes the chat connection's inbound rate from XMPP_INBOUND_RATE and XMPP_INBOUND_BURST (500/s, bursts of 1,000)", () => {
    expect(loadConfig({}).xmpp).toMatchObject({
      inboundRate: 500,
      inboundBurst: 1_000,
    });
    expect(
      loadConfig({ XMPP_INBOUND_RATE: "50", XMPP_INBOUND_BURST: "200" }).xmpp,
    ).toMatchObject({ inboundRate: 50, inboundBurst: 200 });
    expect(() =>
      loadConfig({ XMPP_INBOUND_RATE: "0", XMPP_INBOUND_BURST: "1.5" }),
    ).toThrow(/XMPP_INBOUND_RATE[\s\S]*XMPP_INBOUND_BURST/);
  });

  it("cuts off a chat client with 4 MiB unread unless XMPP_OUTPUT_LIMIT_KB says otherwise (at least 1 MiB)", () => {
    expect(loadConfig({}).xmpp.outputLimitKb).toBe(4096);
    expect(
      loadConfig({ XMPP_OUTPUT_LIMIT_KB: "8192" }).xmpp.outputLimitKb,
    ).toBe(8192);
    expect(() => loadConfig({ XMPP_OUTPUT_LIMIT_KB: "512" })).toThrow(
      /XMPP_OUTPUT_LIMIT_KB/,
    );
  });

  it("pings chat connections every 30 s unless XMPP_PING_SECONDS says otherwise", () => {
    expect(loadConfig({}).xmpp.pingSeconds).toBe(30);
    expect(loadConfig({ XMPP_PING_SECONDS: "5" }).xmpp.pingSeconds).toBe(5);
    expect(() => loadConfig({ XMPP_PING_SECONDS: "0" })).toThrow(
      /XMPP_PING_SECONDS/,
    );
  });

  it("refuses REDIS_URL without DATABASE_URL: several nodes cannot share the embedded database", () => {
    expect(() => loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(
      /REDIS_URL: several nodes need a shared PostgreSQL; set DATABASE_URL/,
    );
    const multi = loadConfig({
      REDIS_URL: "redis://127.0.0.1:6379",
      DATABASE_URL: "postgres://db/moa",
    });
    expect(multi.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(multi.redisPrefix).toBe("moa:");
  });

  it("runs one process unless WORKERS asks for more, which needs Redis; auto is one per core with Redis, one without", () => {
    const cluster = {
      REDIS_URL: "redis://127.0.0.1:6379",
      DATABASE_URL: "postgres://db/moa",
    };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...cluster, WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ ...cluster, WORKERS: "auto" }).workers).toBe(
      availableParallelism(),
    );
    expect(loadConfig({ WORKERS: "auto" }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: "2" })).toThrow(
      /WORKERS: several workers share fan-out and presence through Redis; set REDIS_URL/,
    );
    expect(() => loadConfig({ ...cluster, WORKERS: "0" })).toThrow(
      /WORKERS: must be a number from 1 to 64 or auto/,
    );
  });

  it("trusts no proxy by default and maps TRUST_PROXY to the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const publicUrl = "https://moa.example.com";
    expect(
      loadConfig({
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: "10.0.0.5, 10.1.0.0/16",
      }).trustProxy,
    ).toEqual(["10.0.0.5", "10.1.0.0/16"]);
    expect(
      loadConfig({ PUBLIC_URL: publicUrl, TRUST_PROXY: "loopback" }).trustProxy,
    ).toEqual(["loopback"]);
  });

  it("refuses TRUST_PROXY values that would trust anyone (true, a hop count) or are no address", () => {
    const publicUrl = "https://moa.example.com";
    expect(() =>
      loadConfig({ PUBLIC_URL: publicUrl, TRUST_PROXY: "true" }),
    ).toThrow(/TRUST_PROXY: .*true/);
    expect(() =>
      loadConfig({ PUBLIC_URL: publicUrl, TRUST_PROXY: "10.0.0.0/33" }),
    ).toThrow(/TRUST_PROXY/);
    expect(() =>
      loadConfig({ PUBLIC_URL: publicUrl, TRUST_PROXY: "1" }),
    ).toThrow(/TRUST_PROXY: a hop count/);
  });

  it("refuses to trust a proxy without PUBLIC_URL", () => {
    expect(() => loadConfig({ TRUST_PROXY: "127.0.0.1" })).toThrow(
      /TRUST_PROXY: needs PUBLIC_URL/,
    );
  });
});
