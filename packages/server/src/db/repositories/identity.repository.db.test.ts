/** Atomicity of the identity repositories under concurrency, on PGlite and (services project) PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCompany,
  createTestDatabase,
  createUser,
} from "../../testing/index.js";
import type { DatabaseHandle } from "../database.js";
import type { Company } from "./companies.repository.js";
import { LoginFailuresRepository } from "./login-failures.repository.js";
import { SessionsRepository, type NewSession } from "./sessions.repository.js";
import { UsersRepository } from "./users.repository.js";

let handle: DatabaseHandle;
let company: Company;

beforeAll(async () => {
  handle = await createTestDatabase();
  company = await createCompany(handle.db);
});
afterAll(async () => {
  await handle.close();
});

describe("UsersRepository failure counting", () => {
  it("counts 50 concurrent failures as exactly 5 and locks once", async () => {
    const users = new UsersRepository(handle.db);
    const user = await createUser(handle.db, company);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        users.recordFailure(user.id, 5, new Date()),
      ),
    );
    const counted = results.filter((r) => r !== undefined);
    expect(counted.map((r) => r.failedAttempts).sort()).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(counted.filter((r) => r.locked)).toHaveLength(1);
    expect(await users.recordSuccess(user.id)).toBe(false);
    expect((await users.findById(user.id))?.locked).toBe(true);
    expect(await users.unlock(user.id)).toBe(true);
    expect(await users.recordSuccess(user.id)).toBe(true);
    expect((await users.findById(user.id))?.failedAttempts).toBe(0);
  });
});

describe("LoginFailuresRepository (unknown login ids)", () => {
  it("stops at the limit under concurrency", async () => {
    const phantoms = new LoginFailuresRepository(handle.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        phantoms.record(company.id, "ghost", 5, new Date()),
      ),
    );
    expect(results.filter((r) => r !== undefined).sort()).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(await phantoms.count(company.id, "ghost")).toBe(5);
  });
});

/** A login's session of a user whose password is at its first version. */
const newSession = (userId: number, id: string, now: Date): NewSession => ({
  id,
  userId,
  companyId: company.id,
  client: "test",
  clientType: "chat",
  locale: "ko-kr",
  clientIp: "127.0.0.1",
  webToken: "w",
  passwordVersion: 1,
  now,
});

describe("SessionsRepository refresh tokens", () => {
  it("lets exactly one of many concurrent uses consume a refresh token; the rest are replays", async () => {
    const sessions = new SessionsRepository(handle.db);
    const user = await createUser(handle.db, company);
    const now = new Date();
    expect(await sessions.create(newSession(user.id, "s-1", now))).toBe(true);
    await sessions.addRefreshToken(
      "s-1",
      "hash-1",
      new Date(now.getTime() + 60_000),
      now,
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        sessions.consumeRefreshToken("hash-1", now),
      ),
    );
    expect(results.filter((r) => r.kind === "ok")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "replayed")).toHaveLength(9);
    expect(await sessions.consumeRefreshToken("nope", now)).toEqual({
      kind: "unknown",
    });
    expect(await sessions.revoke("s-1", "test", now)).toBe(true);
    expect(await sessions.revoke("s-1", "test", now)).toBe(false);
  });
});

describe("SessionsRepository new sessions", () => {
  it("stores none for an account deactivated, locked or given a new password after its login read it", async () => {
    const sessions = new SessionsRepository(handle.db);
    const changes = [
      { active: false },
      { locked: true },
      { password_version: 2 },
    ];
    for (const [i, change] of changes.entries()) {
      const user = await createUser(handle.db, company);
      await handle.db
        .updateTable("users")
        .set(change)
        .where("id", "=", user.id)
        .execute();
      expect(
        await sessions.create(newSession(user.id, `gone-${i}`, new Date())),
      ).toBe(false);
      expect(await sessions.findById(`gone-${i}`)).toBeUndefined();
    }
  });
});
