/**
 * The rate limits and the lock policy over real HTTP (docs/auth.md "Lock policy and throttling"). Clients at other
 * addresses are real connections from other loopback addresses (127.0.0.2 …), which Linux routes to the server.
 */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  createCompany,
  createTestServer,
  createUser,
  encryptPassword,
  fetchPasswordKey,
  issueIntegrationKey,
  loginAs,
  type TestServer,
} from "../../../testing/index.js";

type Answer = {
  status: number;
  retryAfter: string | undefined;
  body: Record<string, unknown>;
};

/** One request from a chosen source address. */
function send(
  server: TestServer,
  path: string,
  opts: {
    from?: string;
    method?: string;
    bearer?: string;
    body?: unknown;
  } = {},
): Promise<Answer> {
  const url = new URL(path, server.url);
  const payload =
    opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: opts.method ?? (payload ? "POST" : "GET"),
        localAddress: opts.from ?? "127.0.0.1",
        headers: {
          "x-requested-with": "XMLHttpRequest",
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(opts.bearer ? { authorization: `Bearer ${opts.bearer}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          const retry = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof retry === "string" ? retry : undefined,
            body: JSON.parse(text) as Record<string, unknown>,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/**
 * These tests make dozens of password checks (scrypt, CPU-bound) one after another: on a loaded 2-core machine that
 * takes longer than the project's 30 s default.
 */
const SCRYPT_BOUND_MS = 120_000;

const THROTTLED = { ErrorCode: "01", ErrorMsg: "too_many_requests" };

/** Asserts the 429 answer: envelope and a positive Retry-After of at most the window. */
function expectThrottled(a: Answer, windowSeconds: number): void {
  expect(a.status).toBe(429);
  expect(a.body).toEqual(THROTTLED);
  const wait = Number(a.retryAfter);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(env: Record<string, string> = {}) {
  server = await createTestServer(env);
  const company = await createCompany(server.database.db);
  const key = await fetchPasswordKey(server.url, company.domain);
  const s = server;
  const login = (
    who: { loginId: string; domain: string },
    password: string,
    from = "127.0.0.1",
  ) =>
    send(s, "/api/v1/auth/login2", {
      from,
      body: {
        username: who.loginId,
        token: encryptPassword(key, password),
        domnNm: who.domain,
        type: "chat",
        isChangePwdLater: "N",
      },
    });
  return { server: s, company, key, login };
}

describe(
  "login throttling and the lock policy",
  { timeout: SCRYPT_BOUND_MS },
  () => {
    it("an anonymous flood of wrong passwords for many accounts gets 429s and locks nobody; the real users still log in", async () => {
      const { server: s, company, login } = await start();
      const victims = await Promise.all(
        [0, 1, 2].map(() => createUser(s.database.db, company)),
      );
      // The victims have logged in before from their usual address.
      for (const v of victims) await loginAs(s, v);
      const answers: Answer[] = [];
      for (let i = 0; i < 40; i += 1) {
        const target = victims[i % 4] ?? {
          loginId: `made.up.${i}`,
          domain: company.domain,
        };
        answers.push(await login(target, `guess${i}`, "127.0.0.2"));
      }
      // Default THROTTLE_LOGIN_PER_ADDRESS: 30 wrong logins, then 429 for the rest of the 15-minute window.
      expect(answers.slice(0, 30).map((a) => a.body)).toEqual(
        Array.from({ length: 30 }, () => ({
          ErrorCode: "104",
          ErrorMsg: "wrong_password",
        })),
      );
      for (const a of answers.slice(30)) expectThrottled(a, 15 * 60);
      const rows = await s.database.db
        .selectFrom("users")
        .select(["failed_attempts", "locked"])
        .where(
          "id",
          "in",
          victims.map((v) => v.id),
        )
        .execute();
      expect(rows).toEqual(
        victims.map(() => ({ failed_attempts: 0, locked: false })),
      );
      for (const v of victims)
        expect((await login(v, v.password)).body.ErrorCode).toBe("00");
    });

    it("many addresses guessing one account get 429 after the per-account limit, while its user logs in from home", async () => {
      const { server: s, company, login } = await start();
      const victim = await createUser(s.database.db, company);
      await loginAs(s, victim);
      const codes: unknown[] = [];
      for (let i = 0; i < 10; i += 1)
        codes.push(
          (await login(victim, "guess", `127.0.0.${2 + (i % 5)}`)).body
            .ErrorCode,
        );
      expect(codes).toEqual(Array.from({ length: 10 }, () => "104"));
      expectThrottled(await login(victim, "guess", "127.0.0.9"), 15 * 60);
      // Even the right password waits at a stranger's address; at the user's own address it works.
      expectThrottled(
        await login(victim, victim.password, "127.0.0.9"),
        15 * 60,
      );
      expect((await login(victim, victim.password)).body.ErrorCode).toBe("00");
    });

    it("a first login from a new address is not held back by earlier typos there, and makes the address count toward the lock", async () => {
      const {
        server: s,
        company,
        login,
      } = await start({
        THROTTLE_LOGIN_PER_ADDRESS: "3",
      });
      const user = await createUser(s.database.db, company);
      expect((await login(user, "typo1", "127.0.0.3")).body.ErrorCode).toBe(
        "104",
      );
      expect((await login(user, "typo2", "127.0.0.3")).body.ErrorCode).toBe(
        "104",
      );
      expect(
        (await login(user, user.password, "127.0.0.3")).body.ErrorCode,
      ).toBe("00");
      const codes: unknown[] = [];
      for (let i = 0; i < 5; i += 1)
        codes.push((await login(user, `bad${i}`, "127.0.0.3")).body.ErrorCode);
      expect(codes).toEqual(["104", "104", "104", "104", "103"]);
    });

    it("the right password answered 105 (expired) also makes the address known, so wrong ones from there then lock", async () => {
      const { server: s, company, login } = await start();
      const user = await createUser(s.database.db, company, {
        passwordExpired: true,
      });
      expect(
        (await login(user, user.password, "127.0.0.4")).body.ErrorCode,
      ).toBe("105");
      const codes: unknown[] = [];
      for (let i = 0; i < 5; i += 1)
        codes.push((await login(user, `bad${i}`, "127.0.0.4")).body.ErrorCode);
      expect(codes).toEqual(["104", "104", "104", "104", "103"]);
    });

    it("with the default limits, 48 first logins of different users from one address at concurrency 16 all succeed", async () => {
      const { server: s, company, login } = await start();
      const users = await Promise.all(
        Array.from({ length: 48 }, () => createUser(s.database.db, company)),
      );
      const codes: unknown[] = [];
      const queue = [...users];
      const worker = async () => {
        for (let u = queue.shift(); u; u = queue.shift())
          codes.push((await login(u, u.password)).body.ErrorCode);
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(codes).toEqual(users.map(() => "00"));
    });
  },
);

describe("token refresh throttling", { timeout: SCRYPT_BOUND_MS }, () => {
  it("429 after the configured refused refreshes from an address, and after the configured refreshes of one user", async () => {
    const { server: s, company } = await start({
      THROTTLE_REFRESH_PER_ADDRESS: "3",
      THROTTLE_REFRESH_PER_ACCOUNT: "2",
    });
    const refresh = (refreshToken: string, from = "127.0.0.1") =>
      send(s, "/api/v1/auth/token/refresh", { from, body: { refreshToken } });
    for (let i = 0; i < 3; i += 1)
      expect(
        (await refresh(`moa_rt_forged${i}`, "127.0.0.2")).body.ErrorCode,
      ).toBe("107");
    expectThrottled(await refresh("moa_rt_forged", "127.0.0.2"), 15 * 60);

    const user = await createUser(s.database.db, company);
    let token = (await loginAs(s, user)).refreshToken;
    for (let i = 0; i < 2; i += 1) {
      const ok = await refresh(token);
      expect(ok.body.ErrorCode).toBe("00");
      token = (ok.body.Token_Info as { Refresh_Token: string }).Refresh_Token;
    }
    expectThrottled(await refresh(token), 15 * 60);
  });
});

describe("lock-screen throttling", { timeout: SCRYPT_BOUND_MS }, () => {
  it("429 after the configured checks of one user, and after the configured wrong passwords from an address", async () => {
    const {
      server: s,
      company,
      key,
    } = await start({
      THROTTLE_LOCK_VERIFY_PER_ACCOUNT: "4",
      THROTTLE_LOCK_VERIFY_PER_ADDRESS: "2",
    });
    const verify = (bearer: string, password: string, from = "127.0.0.1") =>
      send(s, "/api/v1/auth/lock/verify", {
        from,
        bearer,
        body: { token: encryptPassword(key, password) },
      });
    const a = await createUser(s.database.db, company);
    const { accessToken: tokenA } = await loginAs(s, a);
    for (let i = 0; i < 4; i += 1)
      expect((await verify(tokenA, a.password)).body).toEqual({
        ErrorCode: "00",
      });
    expectThrottled(await verify(tokenA, a.password), 15 * 60);

    const b = await createUser(s.database.db, company);
    const { accessToken: tokenB } = await loginAs(s, b);
    expect((await verify(tokenB, "nope", "127.0.0.2")).body.ErrorCode).toBe(
      "104",
    );
    expect((await verify(tokenB, "nope", "127.0.0.2")).body.ErrorCode).toBe(
      "104",
    );
    expectThrottled(await verify(tokenB, b.password, "127.0.0.2"), 15 * 60);
    expect((await verify(tokenB, b.password)).body).toEqual({
      ErrorCode: "00",
    });
  });
});

describe("integration API throttling", { timeout: SCRYPT_BOUND_MS }, () => {
  it("429 after the configured requests per key, and for an address after the configured wrong keys", async () => {
    const { server: s, company } = await start({
      THROTTLE_INTEGRATION_PER_KEY: "3",
      THROTTLE_INTEGRATION_PER_ADDRESS: "2",
    });
    const user = await createUser(s.database.db, company);
    const key = await issueIntegrationKey(s.database.db, company.id);
    const counts = (bearer: string, from = "127.0.0.1") =>
      send(s, "/integration/v1/counts", {
        from,
        method: "PUT",
        bearer,
        body: { loginId: user.loginId, counts: { mail: 1 } },
      });
    for (let i = 0; i < 3; i += 1)
      expect((await counts(key)).body).toEqual({ ErrorCode: "00" });
    expectThrottled(await counts(key), 60);

    expect((await counts("wrong-key-1", "127.0.0.2")).status).toBe(401);
    expect((await counts("wrong-key-2", "127.0.0.2")).status).toBe(401);
    expectThrottled(await counts("wrong-key-3", "127.0.0.2"), 15 * 60);
  });
});

describe("authenticated API throttling", { timeout: SCRYPT_BOUND_MS }, () => {
  it("429 after the configured requests of one user per minute; other users are not affected", async () => {
    const { server: s, company } = await start({ THROTTLE_API_PER_USER: "4" });
    const a = await createUser(s.database.db, company);
    const b = await createUser(s.database.db, company);
    const { accessToken: tokenA } = await loginAs(s, a);
    const { accessToken: tokenB } = await loginAs(s, b);
    const setting = (bearer: string) =>
      send(s, "/api/v1/chat/home/org/setting", { bearer });
    for (let i = 0; i < 4; i += 1)
      expect((await setting(tokenA)).status).toBe(200);
    expectThrottled(await setting(tokenA), 60);
    expect((await setting(tokenB)).status).toBe(200);
  });
});
