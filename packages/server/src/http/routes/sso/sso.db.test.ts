import { ssoSigningInput } from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import { GroupwareRepository } from "../../../db/repositories/groupware.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../../../testing/index.js";
import { apiClient, issueIntegrationKey } from "../../../testing/workplace.js";

let server: TestServer;
let company: Company;

beforeAll(async () => {
  server = await createTestServer();
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
});

/** Signs a link exactly as the client does: WebCrypto HMAC-SHA1 with the Web_Token, base64, URL-encoded. */
async function signedLink(
  webToken: string,
  uid: number,
  re: string,
  ts = Date.now(),
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(webToken),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const input = ssoSigningInput({ uid: String(uid), ts: String(ts), re });
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(input)),
  );
  const sign = btoa(String.fromCharCode(...mac));
  return `/sso/link?uid=${uid}&sign=${encodeURIComponent(sign)}&ts=${ts}&re=${encodeURIComponent(re)}`;
}

const open = (path: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual" });

describe("signed groupware links", () => {
  it("accepts a link signed by the client and redirects to the company's groupware page", async () => {
    const user = await createUser(server.database.db, company);
    const { webToken } = await loginAs(server, user);
    const res = await open(await signedLink(webToken, user.id, "mail"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `https://${company.domain}/mail/list`,
    );
  });

  it("maps targets to the configured groupware URL and keeps the target's query", async () => {
    const co = await createCompany(server.database.db);
    await new GroupwareRepository(server.database.db).updateSettings(co.id, {
      groupwareUrl: "https://gw.example.com/",
      linkPaths: { noticeShow: "/board/notice/view" },
    });
    const user = await createUser(server.database.db, co);
    const { webToken } = await loginAs(server, user);
    const res = await open(
      await signedLink(webToken, user.id, "noticeShow?id=7&lang=ko"),
    );
    expect(res.headers.get("location")).toBe(
      "https://gw.example.com/board/notice/view?id=7&lang=ko",
    );
  });

  it("refuses tampered, stale, foreign, revoked and unknown-target links", async () => {
    const user = await createUser(server.database.db, company);
    const tokens = await loginAs(server, user);
    const good = await signedLink(tokens.webToken, user.id, "mail");
    const tampered = good.replace("re=mail", "re=approval");
    expect(await (await open(tampered)).json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "invalid_signature",
    });
    expect((await open(tampered)).status).toBe(403);

    const stale = await signedLink(
      tokens.webToken,
      user.id,
      "mail",
      Date.now() - 6 * 60 * 1000,
    );
    expect(await (await open(stale)).json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "stale_link",
    });

    const other = await createUser(server.database.db, company);
    const asOther = await signedLink(tokens.webToken, other.id, "mail");
    expect(await (await open(asOther)).json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "invalid_signature",
    });

    expect(
      await (
        await open(await signedLink(tokens.webToken, user.id, "payroll"))
      ).json(),
    ).toEqual({
      ErrorCode: "01",
      ErrorMsg: "unknown_target",
    });

    await apiClient(server.url, tokens.accessToken)(
      "POST",
      "/api/v1/auth/logout",
    );
    expect(await (await open(good)).json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "invalid_signature",
    });
  });
});

describe("simple login of external menus", () => {
  it("issues keys the external service can verify once through the integration API", async () => {
    const user = await createUser(server.database.db, company);
    const api = apiClient(
      server.url,
      (await loginAs(server, user)).accessToken,
    );
    const res = await api("POST", "/external/sso/msn/webhard/simpl.json", {
      corpSeq: company.id,
      usrKey: user.id,
    });
    expect(res.body).toMatchObject({
      success: true,
      data: { svcInfo: "simplogin", userId: user.loginId },
    });
    const data = res.body.data as {
      certificationkey: string;
      authKey: string;
      url: string;
    };
    expect(data.url).toContain(
      `https://${company.domain}/webhard/simplogin?userId=${user.loginId}`,
    );

    const gw = apiClient(
      server.url,
      await issueIntegrationKey(server.database.db, company.id),
    );
    const verify = (body: object) =>
      gw("POST", "/integration/v1/sso/simple/verify", body);
    const claim = {
      service: "webhard",
      userId: user.loginId,
      certificationkey: data.certificationkey,
      authKey: data.authKey,
    };
    expect((await verify(claim)).body).toEqual({
      ErrorCode: "00",
      valid: true,
    });
    expect((await verify({ ...claim, service: "webfax" })).body).toEqual({
      ErrorCode: "00",
      valid: false,
    });
    expect(
      (await verify({ ...claim, authKey: `${data.authKey}x` })).body,
    ).toEqual({ ErrorCode: "00", valid: false });
    const otherGw = apiClient(
      server.url,
      await issueIntegrationKey(
        server.database.db,
        (await createCompany(server.database.db)).id,
      ),
    );
    expect(
      (await otherGw("POST", "/integration/v1/sso/simple/verify", claim)).body,
    ).toEqual({ ErrorCode: "00", valid: false });
  });

  it("refuses another user's ids and disabled menus", async () => {
    const co = await createCompany(server.database.db, {
      menuConfig: { elecdocUsed: false },
    });
    const user = await createUser(server.database.db, co);
    const api = apiClient(
      server.url,
      (await loginAs(server, user)).accessToken,
    );
    expect(
      await api("POST", "/external/sso/msn/webfax/simpl.json", {
        corpSeq: co.id,
        usrKey: user.id + 1,
      }),
    ).toEqual({
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "forbidden" },
    });
    expect(
      (
        await api("POST", "/external/sso/msn/elecdoc/simpl.json", {
          corpSeq: co.id,
          usrKey: user.id,
        })
      ).body,
    ).toEqual({
      success: false,
      message: "menu_disabled",
    });
    const anonymous = await apiClient(server.url, undefined)(
      "POST",
      "/external/sso/msn/webfax/simpl.json",
      {
        corpSeq: co.id,
        usrKey: user.id,
      },
    );
    expect(anonymous.status).toBe(401);
  });

  it("answers the webfax count the groupware pushed", async () => {
    const user = await createUser(server.database.db, company);
    const api = apiClient(
      server.url,
      (await loginAs(server, user)).accessToken,
    );
    const gw = apiClient(
      server.url,
      await issueIntegrationKey(server.database.db, company.id),
    );
    await gw("PUT", "/integration/v1/counts", {
      loginId: user.loginId,
      counts: { webfax: 4 },
    });
    expect(
      (
        await api("POST", "/external/sso/msn/webfax/counts", {
          corpSeq: company.id,
          usrKey: user.id,
        })
      ).body,
    ).toEqual({
      success: true,
      message: "",
      count: 4,
    });
  });
});
