import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./testing/index.js";

describe("server app", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers /healthz over real HTTP once the database is reachable", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers /readyz with the database, and Redis as not used on a single node", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      db: "ok",
      redis: "not used",
    });
  });

  it("answers 404 for an unknown API path", async () => {
    const res = await fetch(`${server.url}/api/v1/nope`);
    expect(res.status).toBe(404);
  });
});
