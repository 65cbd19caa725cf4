/** Sessions over real HTTP: expired and revoked access tokens, refresh rotation and replay, logout, lock screen, handshake. */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  directoryFor,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  type TestServer,
  until,
} from "../../../testing/index.js";
import { loginRaw } from "../../../xmpp/testing/raw-client.js";

let server: TestServer;
let company: Company;
let now = Date.now();
const MINUTE = 60_000;

beforeAll(async () => {
  server = await createTestServer({}, { clock: () => new Date(now) });
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  now = Date.now();
});

const db = () => server.database.db;

async function call(
  path: string,
  token: string | undefined,
  init: { method?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {
    "x-requested-with": "XMLHttpRequest",
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(server.url + path, {
    method: init.method ?? "GET",
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  };
}

const refresh = (refreshToken: string) =>
  call("/api/v1/auth/token/refresh", undefined, {
    method: "POST",
    body: { refreshToken },
  });

describe("access tokens on /api/v1/**", () => {
  it("accepts a fresh token, answers ExpiredJwt on HTTP 200 after 60 minutes, and 401 without or with a forged one", async () => {
    const user = await createUser(db(), company);
    const { accessToken } = await loginAs(server, user);
    expect(
      (await call("/api/v1/chat/home/org/setting", accessToken)).body,
    ).toEqual({
      ErrorCode: "00",
      orgSetting: { VirtUseYN: "N" },
    });
    now += 61 * MINUTE;
    expect(await call("/api/v1/chat/home/org/setting", accessToken)).toEqual({
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "ExpiredJwt" },
    });
    expect(
      (await call("/api/v1/chat/home/org/setting", undefined)).status,
    ).toBe(401);
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    expect(await call("/api/v1/chat/home/org/setting", forged)).toEqual({
      status: 401,
      body: { ErrorCode: "01", ErrorMsg: "unauthorized" },
    });
  });

  it("refuses the token's claims signed by anyone but the server: unsigned (alg none), another key, or a longer life", async () => {
    const user = await createUser(db(), company);
    const { accessToken } = await loginAs(server, user);
    const [header = "", payload = ""] = accessToken.split(".");
    const claims = JSON.parse(
      Buffer.from(payload, "base64url").toString(),
    ) as Record<string, unknown>;
    const b64 = (value: unknown) =>
      Buffer.from(JSON.stringify(value)).toString("base64url");
    const hs256 = (input: string, key: string) =>
      createHmac("sha256", key).update(input).digest("base64url");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
    const otherKey = `${header}.${payload}.${hs256(`${header}.${payload}`, "not the server's key")}`;
    const longer = `${header}.${b64({ ...claims, exp: Number(claims.exp) + 3600 })}.${accessToken.split(".")[2]}`;
    for (const token of [unsigned, otherKey, longer])
      expect(await call("/api/v1/chat/home/org/setting", token)).toEqual({
        status: 401,
        body: { ErrorCode: "01", ErrorMsg: "unauthorized" },
      });
    // The genuine token still works, up to the second before its expiry (by the server's clock, not the machine's).
    now = Number(claims.exp) * 1000 - 1000;
    expect(
      (await call("/api/v1/chat/home/org/setting", accessToken)).body,
    ).toMatchObject({ ErrorCode: "00" });
    now += 1000;
    expect(
      (await call("/api/v1/chat/home/org/setting", accessToken)).body,
    ).toEqual({ ErrorCode: "01", ErrorMsg: "ExpiredJwt" });
  });

  it("logout revokes the session: its access token answers 401 and its refresh token 107", async () => {
    const user = await createUser(db(), company);
    const tokens = await loginAs(server, user);
    expect(
      (
        await call("/api/v1/auth/logout", tokens.accessToken, {
          method: "POST",
        })
      ).body,
    ).toEqual({ ErrorCode: "00" });
    expect(
      (await call("/api/v1/chat/home/org/setting", tokens.accessToken)).status,
    ).toBe(401);
    expect((await refresh(tokens.refreshToken)).body).toEqual({
      ErrorCode: "107",
      ErrorMsg: "session_revoked",
    });
  });
});

describe("POST /api/v1/auth/token/refresh", () => {
  it("rotates: the new access token works, the new refresh token works once more", async () => {
    const user = await createUser(db(), company);
    const tokens = await loginAs(server, user);
    now += 50 * MINUTE;
    const r1 = await refresh(tokens.refreshToken);
    expect(r1.body.ErrorCode).toBe("00");
    const info1 = r1.body.Token_Info as {
      Access_Token: string;
      Refresh_Token: string;
      Expires_In: number;
    };
    expect(info1.Expires_In).toBe(3600);
    expect(info1.Refresh_Token).not.toBe(tokens.refreshToken);
    now += 50 * MINUTE;
    expect(
      (await call("/api/v1/chat/home/org/setting", info1.Access_Token)).body
        .ErrorCode,
    ).toBe("00");
    expect((await refresh(info1.Refresh_Token)).body.ErrorCode).toBe("00");
  });

  it("a replayed refresh token revokes its whole family: the newest tokens stop working too", async () => {
    const user = await createUser(db(), company);
    const tokens = await loginAs(server, user);
    const r1 = await refresh(tokens.refreshToken);
    const info1 = r1.body.Token_Info as {
      Access_Token: string;
      Refresh_Token: string;
    };
    expect(await refresh(tokens.refreshToken)).toEqual({
      status: 200,
      body: { ErrorCode: "107", ErrorMsg: "refresh_token_replayed" },
    });
    expect(
      (await call("/api/v1/chat/home/org/setting", info1.Access_Token)).status,
    ).toBe(401);
    expect((await refresh(info1.Refresh_Token)).body.ErrorCode).toBe("107");
    const audit = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("user_id", "=", user.id)
      .execute();
    expect(audit.map((a) => a.event)).toContain("refresh_token_replay");
  });

  it("107 for an unknown token and after 14 days", async () => {
    expect((await refresh("moa_rt_nonsense")).body).toEqual({
      ErrorCode: "107",
      ErrorMsg: "refresh_token_invalid",
    });
    const user = await createUser(db(), company);
    const tokens = await loginAs(server, user);
    now += 15 * 24 * 60 * MINUTE;
    expect((await refresh(tokens.refreshToken)).body).toEqual({
      ErrorCode: "107",
      ErrorMsg: "refresh_token_expired",
    });
  });

  it("102 when the account was deactivated, 103 when locked, 104 when the password changed", async () => {
    const directory = directoryFor(db());
    const gone = await createUser(db(), company);
    const locked = await createUser(db(), company);
    const changed = await createUser(db(), company);
    const [t1, t2, t3] = await Promise.all([
      loginAs(server, gone),
      loginAs(server, locked),
      loginAs(server, changed),
    ]);
    await directory.updateUser(company, gone.loginId, { active: false });
    await directory.updateUser(company, locked.loginId, { locked: true });
    now += MINUTE;
    // Changed behind the server's back (another node, or the groupware's own password page): no revocation ran.
    await db()
      .updateTable("users")
      .set((eb) => ({ password_version: eb("password_version", "+", 1) }))
      .where("id", "=", changed.id)
      .execute();
    expect((await refresh(t1.refreshToken)).body).toEqual({
      ErrorCode: "102",
      ErrorMsg: "user_not_found",
    });
    expect((await refresh(t2.refreshToken)).body).toEqual({
      ErrorCode: "103",
      ErrorMsg: "account_locked",
    });
    expect((await refresh(t3.refreshToken)).body).toEqual({
      ErrorCode: "104",
      ErrorMsg: "password_changed",
    });
  });

  it("changing a password with the directory ends every session at once", async () => {
    const user = await createUser(db(), company);
    const tokens = await loginAs(server, user);
    await directoryFor(db()).updateUser(company, user.loginId, {
      password: "new-pass-1!",
    });
    expect(
      (await call("/api/v1/chat/home/org/setting", tokens.accessToken)).status,
    ).toBe(401);
    expect((await refresh(tokens.refreshToken)).body).toEqual({
      ErrorCode: "104",
      ErrorMsg: "password_changed",
    });
    await loginAs(server, { ...user, password: "new-pass-1!" });
  });
});

describe("POST /api/v1/auth/lock/verify", () => {
  it("00 for the right password, 104 for a wrong one, 103 (and logged out) at the 5th wrong one", async () => {
    const user = await createUser(db(), company);
    const { accessToken, refreshToken } = await loginAs(server, user);
    const key = await fetchPasswordKey(server.url, company.domain);
    const verify = (password: string) =>
      call("/api/v1/auth/lock/verify", accessToken, {
        method: "POST",
        body: { token: encryptPassword(key, password) },
      });
    expect((await verify(user.password)).body).toEqual({ ErrorCode: "00" });
    const codes: unknown[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await verify("nope")).body.ErrorCode);
    expect(codes).toEqual(["104", "104", "104", "104", "103"]);
    expect((await verify(user.password)).status).toBe(401);
    // The lock ended the session; refreshing says why (spec §8), not just that the token is dead.
    expect((await refresh(refreshToken)).body).toEqual({
      ErrorCode: "103",
      ErrorMsg: "account_locked",
    });
  });
});

describe("POST /api/v1/chat/home/isExistSession", () => {
  it("tells whether another login of the same user holds a live messenger connection, and only about oneself", async () => {
    const user = await createUser(db(), company);
    const other = await createUser(db(), company);
    const first = await loginAs(server, user);
    const ask = async (token: string, msngname: string) =>
      call("/api/v1/chat/home/isExistSession", token, {
        method: "POST",
        body: { corpSeq: company.id, msngname },
      });
    const exists = async (token: string) =>
      (await ask(token, user.loginId)).body;
    expect(await exists(first.accessToken)).toEqual({
      ErrorCode: "00",
      isExist: false,
    });
    // The first PC's messenger is connected: signing in on a second one finds it.
    const firstPc = await loginRaw(
      server.url,
      { jid: user.jid, accessToken: first.accessToken },
      "webchat",
    );
    const second = await loginAs(server, user);
    // Its presence is recorded just after the bind's answer.
    await until(
      async () =>
        (await ask(second.accessToken, user.jid)).body.isExist === true,
      "the first messenger to count",
    );
    // Its window was closed without logging out: its login is still valid, but no messenger uses it.
    await firstPc.close();
    await until(
      async () => (await exists(second.accessToken)).isExist === false,
      "the closed messenger to stop counting",
    );
    // The asking login's own connection is not another messenger.
    const secondPc = await loginRaw(
      server.url,
      { jid: user.jid, accessToken: second.accessToken },
      "webchat",
    );
    await until(
      async () => (await exists(first.accessToken)).isExist === true,
      "the second messenger to count for the first login",
    );
    expect(await exists(second.accessToken)).toEqual({
      ErrorCode: "00",
      isExist: false,
    });
    // Logging out ends the connection and the login: nothing left to replace.
    await call("/api/v1/auth/logout", second.accessToken, { method: "POST" });
    await secondPc.closed;
    await until(
      async () => (await exists(first.accessToken)).isExist === false,
      "the logged-out messenger to stop counting",
    );
    const prying = await ask(first.accessToken, other.loginId);
    expect(prying).toEqual({
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "forbidden" },
    });
  });
});

describe("GET /sso/messenger/handshake", () => {
  it("gives the chat server and org URL for one's own email, needs a token, and refuses another's", async () => {
    const user = await createUser(db(), company);
    const { accessToken } = await loginAs(server, user);
    const own = await call(
      `/sso/messenger/handshake?email=${user.loginId}@${user.domain}`,
      accessToken,
    );
    expect(own.body).toEqual({
      success: true,
      xmppDomain: company.xmppDomain,
      chatServer: `${server.url.replace("http", "ws")}/ws/`,
      orgUrl: company.orgUrl,
    });
    expect(
      (
        await call(
          `/sso/messenger/handshake?email=someone@${user.domain}`,
          accessToken,
        )
      ).body,
    ).toEqual({
      success: false,
    });
    expect(
      (
        await call(
          `/sso/messenger/handshake?email=${user.loginId}@${user.domain}`,
          undefined,
        )
      ).status,
    ).toBe(401);
  });
});

describe("AccessTokenVerifier (used by XMPP SASL)", () => {
  it("turns a login's access token into the actor, and refuses it once the session ends", async () => {
    const user = await createUser(db(), company);
    const tokens = await loginAs(server, user);
    const { createIdentityServices } =
      await import("../../../services/services.js");
    const identity = await createIdentityServices(db(), () => new Date(now));
    const verified = await identity.tokens.verify(tokens.accessToken);
    expect(verified).toEqual({
      ok: true,
      actor: expect.objectContaining({
        userId: user.id,
        companyId: company.id,
        loginId: user.loginId,
        domain: company.domain,
        jid: user.jid,
        freeUser: false,
      }) as unknown,
      expiresAt: new Date((Math.floor(now / 1000) + 3600) * 1000),
    });
    await call("/api/v1/auth/logout", tokens.accessToken, { method: "POST" });
    expect(await identity.tokens.verify(tokens.accessToken)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
