/**
 * login2 and the pre-login calls over real HTTP: every ErrorCode of spec §8, the lock-out and enumeration safety.
 * The rate limits and the anonymous side of the lock policy are in throttle.db.test.ts.
 */
import { loginSuccessSchema, messengerInfoResponseSchema } from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  directoryFor,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  postLogin,
  type TestServer,
} from "../../../testing/index.js";

let server: TestServer;
let company: Company;

beforeAll(async () => {
  // Many cases here fail logins on purpose from one address; the per-address limit is not what they test.
  server = await createTestServer({ THROTTLE_LOGIN_PER_ADDRESS: "1000" });
  company = await createCompany(server.database.db, { name: "모아테스트" });
});
afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;

describe("GET /sso/messenger/getMessengerInfo", () => {
  it("answers a known domain with its name and the RSA key passwords are encrypted to", async () => {
    const res = await fetch(
      `${server.url}/sso/messenger/getMessengerInfo?domain=https://${company.domain.toUpperCase()}/`,
    );
    const body = messengerInfoResponseSchema.parse(await res.json());
    expect(body[0]).toMatchObject({
      isSuccess: true,
      basicDoamin: company.domain,
      companyName: "모아테스트",
    });
    expect(body[0]?.isSuccess && body[0].passwordKey.alg).toBe("RSA-OAEP-256");
  });

  it("answers an unknown domain with isSuccess false", async () => {
    const res = await fetch(
      `${server.url}/sso/messenger/getMessengerInfo?domain=nowhere.test`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ isSuccess: false }]);
  });
});

describe("GET /api/v1/pub/login", () => {
  it("names the company of a domain without a token, and answers 101 for an unknown one", async () => {
    const ok = await fetch(
      `${server.url}/api/v1/pub/login?domnNm=${company.domain}`,
    );
    expect(await ok.json()).toEqual({
      ErrorCode: "00",
      companyInfo: { name: "모아테스트" },
    });
    const unknown = await fetch(
      `${server.url}/api/v1/pub/login?domnNm=nowhere.test`,
    );
    expect(await unknown.json()).toEqual({
      ErrorCode: "101",
      ErrorMsg: "unknown_domain",
    });
  });
});

describe("POST /api/v1/auth/login2", () => {
  it("00: logs in and returns the token and user info fields of spec §3", async () => {
    const dept = await createDepartment(db(), company, { name: "플랫폼팀" });
    const user = await createUser(db(), company, {
      name: "김민수",
      position: "과장",
      title: "팀원",
      deptKey: dept.key,
      centrexUser: true,
    });
    const { status, body } = await postLogin(server.url, {
      username: `${user.loginId.toUpperCase()}@whatever.example`,
      domain: company.domain,
      password: user.password,
    });
    expect(status).toBe(200);
    const ok = loginSuccessSchema.parse(body);
    expect(ok.clientIp).toBe("127.0.0.1");
    expect(ok.securedDomain).toBe(company.domain);
    expect(ok.Token_Info.Expires_In).toBe(3600);
    expect(ok.Token_Info.Consented).toBe("Y");
    expect(ok.Token_Info.Auto_Login_Token).toBeUndefined();
    expect(ok.User_Info).toMatchObject({
      userKey: user.id,
      corpSeq: company.id,
      deptId: dept.key,
      deptName: "플랫폼팀",
      loginId: user.loginId,
      messengerId: user.jid,
      name: "김민수",
      position: "과장",
      freeUserYn: "N",
      crxUserYn: "Y",
      pwdExpiredYn: "N",
      companyName: "모아테스트",
    });
  });

  it("101: unknown domain", async () => {
    const key = await fetchPasswordKey(server.url, company.domain);
    const { body } = await postLogin(server.url, {
      username: "anyone",
      domain: "nowhere.test",
      token: encryptPassword(key, "x"),
    });
    expect(body).toEqual({ ErrorCode: "101", ErrorMsg: "unknown_domain" });
  });

  it("102: a deactivated account, only once its correct password was given", async () => {
    const user = await createUser(db(), company, { active: false });
    expect(
      (
        await postLogin(server.url, {
          username: user.loginId,
          domain: user.domain,
          password: "wrong",
        })
      ).body,
    ).toEqual({ ErrorCode: "104", ErrorMsg: "wrong_password" });
    expect(
      (
        await postLogin(server.url, {
          username: user.loginId,
          domain: user.domain,
          password: user.password,
        })
      ).body,
    ).toEqual({ ErrorCode: "102", ErrorMsg: "user_not_found" });
  });

  it("104 then 103: the 5th consecutive wrong password from the user's own address locks, and the right one no longer works", async () => {
    const user = await createUser(db(), company);
    // Wrong passwords count toward the lock only from an address the account has logged in from (docs/auth.md).
    await loginAs(server, user);
    const codes: unknown[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(
        (
          await postLogin(server.url, {
            username: user.loginId,
            domain: user.domain,
            password: `bad${i}`,
          })
        ).body.ErrorCode,
      );
    expect(codes).toEqual(["104", "104", "104", "104", "103"]);
    const after = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      password: user.password,
    });
    expect(after.body).toEqual({
      ErrorCode: "103",
      ErrorMsg: "account_locked",
    });
  });

  it("a success resets the failure count", async () => {
    const user = await createUser(db(), company);
    for (let i = 0; i < 4; i += 1)
      await postLogin(server.url, {
        username: user.loginId,
        domain: user.domain,
        password: "bad",
      });
    await loginAs(server, user);
    const codes: unknown[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push(
        (
          await postLogin(server.url, {
            username: user.loginId,
            domain: user.domain,
            password: "bad",
          })
        ).body.ErrorCode,
      );
    expect(codes).toEqual(["104", "104", "104", "104"]);
    await loginAs(server, user);
  });

  it("an unknown user and a wrong password from a stranger's address get the same status and body, attempt after attempt", async () => {
    const user = await createUser(db(), company);
    const real: unknown[] = [];
    const ghost: unknown[] = [];
    for (let i = 0; i < 6; i += 1) {
      const r = await postLogin(server.url, {
        username: user.loginId,
        domain: user.domain,
        password: "bad",
      });
      const g = await postLogin(server.url, {
        username: "no.such.person",
        domain: user.domain,
        password: "bad",
      });
      real.push([r.status, r.body]);
      ghost.push([g.status, g.body]);
    }
    expect(ghost).toEqual(real);
    expect(real.at(-1)).toEqual([
      200,
      { ErrorCode: "104", ErrorMsg: "wrong_password" },
    ]);
  });

  it("50 concurrent wrong passwords from the user's own address lock the account with exactly 5 counted failures", async () => {
    const user = await createUser(db(), company);
    await loginAs(server, user);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postLogin(server.url, {
          username: user.loginId,
          domain: user.domain,
          password: `wrong${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.body.ErrorCode);
    expect(codes.filter((c) => c === "104")).toHaveLength(4);
    expect(codes.filter((c) => c === "103")).toHaveLength(46);
    const row = await db()
      .selectFrom("users")
      .select(["failed_attempts", "locked"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_attempts: 5, locked: true });
    const right = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      password: user.password,
    });
    expect(right.body.ErrorCode).toBe("103");
  });

  it("unlocking with the directory lets the user in again and is audited", async () => {
    const user = await createUser(db(), company, { locked: true });
    expect(
      (
        await postLogin(server.url, {
          username: user.loginId,
          domain: user.domain,
          password: user.password,
        })
      ).body.ErrorCode,
    ).toBe("103");
    await directoryFor(db()).unlockUser(company, user.loginId);
    await loginAs(server, user);
    const events = await db()
      .selectFrom("audit_log")
      .select("event")
      .where("user_id", "=", user.id)
      .execute();
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        "login_failure",
        "account_unlocked",
        "login_success",
      ]),
    );
  });

  it("105: an expired password refuses login, unless isChangePwdLater is set", async () => {
    const user = await createUser(db(), company, { passwordExpired: true });
    const refused = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      password: user.password,
    });
    expect(refused.body).toEqual({
      ErrorCode: "105",
      ErrorMsg: "password_expired",
    });
    const later = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      password: user.password,
      isChangePwdLater: true,
    });
    expect(later.body.ErrorCode).toBe("00");
    expect(loginSuccessSchema.parse(later.body).User_Info.pwdExpiredYn).toBe(
      "Y",
    );
  });

  it("106: privacy policy not agreed", async () => {
    const user = await createUser(db(), company, { privacyConsent: false });
    const res = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      password: user.password,
    });
    expect(res.body).toEqual({
      ErrorCode: "106",
      ErrorMsg: "privacy_not_agreed",
    });
  });

  it("01 (generic): a token that is neither an encrypted password nor an auto-login token", async () => {
    const user = await createUser(db(), company);
    const res = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      token: "bW9hMTIzNCE=bW9hMTIzNCE=",
    });
    expect(res.body).toEqual({ ErrorCode: "01", ErrorMsg: "token_unreadable" });
  });

  it("auto login: the token replaces the password, is spent on use, and a replay kills the next one too", async () => {
    const user = await createUser(db(), company);
    const first = await loginAs(server, user, { autoLogin: true });
    const token1 = first.autoLoginToken;
    expect(token1).toMatch(/^moa_al_/);
    const second = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      token: token1 ?? "",
    });
    expect(second.body.ErrorCode).toBe("00");
    const token2 = loginSuccessSchema.parse(second.body).Token_Info
      .Auto_Login_Token;
    expect(token2).toMatch(/^moa_al_/);
    const replay = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      token: token1 ?? "",
    });
    expect(replay.body).toEqual({
      ErrorCode: "01",
      ErrorMsg: "auto_login_rejected",
    });
    const afterReplay = await postLogin(server.url, {
      username: user.loginId,
      domain: user.domain,
      token: token2 ?? "",
    });
    expect(afterReplay.body.ErrorCode).toBe("01");
  });

  it("an auto-login token only works for its own user", async () => {
    const a = await createUser(db(), company);
    const b = await createUser(db(), company);
    const { autoLoginToken } = await loginAs(server, a, { autoLogin: true });
    const res = await postLogin(server.url, {
      username: b.loginId,
      domain: b.domain,
      token: autoLoginToken ?? "",
    });
    expect(res.body).toEqual({
      ErrorCode: "01",
      ErrorMsg: "auto_login_rejected",
    });
  });

  it("refuses a login without X-Requested-With (cross-site form posts cannot set it)", async () => {
    const res = await fetch(`${server.url}/api/v1/auth/login2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: "a",
        token: "b",
        domnNm: company.domain,
      }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "requested_with_required",
    });
  });

  it("rejects a malformed body with invalid_input and the fields at fault", async () => {
    const res = await fetch(`${server.url}/api/v1/auth/login2`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
      },
      body: JSON.stringify({ username: "", domnNm: company.domain }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      ErrorCode: string;
      ErrorMsg: string;
      details: { path: string }[];
    };
    expect(body.ErrorMsg).toBe("invalid_input");
    expect(body.details.map((d) => d.path).sort()).toEqual([
      "token",
      "username",
    ]);
  });

  it("records the client and the locale header on the session", async () => {
    const user = await createUser(db(), company);
    const key = await fetchPasswordKey(server.url, company.domain);
    const res = await fetch(`${server.url}/api/v1/auth/login2`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "moa-desktop",
        locale: "en-us",
      },
      body: JSON.stringify({
        username: user.loginId,
        token: encryptPassword(key, user.password),
        domnNm: company.domain,
      }),
    });
    expect(((await res.json()) as { ErrorCode: string }).ErrorCode).toBe("00");
    const session = await db()
      .selectFrom("auth_sessions")
      .select(["client", "locale", "client_type"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({
      client: "moa-desktop",
      locale: "en-us",
      client_type: "chat",
    });
  });
});
