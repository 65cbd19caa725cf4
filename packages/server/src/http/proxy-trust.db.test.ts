import { REQUESTED_WITH_HEADER } from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCompany,
  createTestServer,
  createUser,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  type TestServer,
  type TestUser,
} from "../testing/index.js";

/** What an attacker talking to the server directly would send to pass for someone else, elsewhere. */
const FORGED = {
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
};

async function loginWithHeaders(
  server: TestServer,
  user: TestUser,
  headers: Record<string, string>,
) {
  const token = encryptPassword(
    await fetchPasswordKey(server.url, user.domain),
    user.password,
  );
  const res = await fetch(`${server.url}/api/v1/auth/login2`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [REQUESTED_WITH_HEADER]: "XMLHttpRequest",
      ...headers,
    },
    body: JSON.stringify({
      username: user.loginId,
      token,
      domnNm: user.domain,
      type: "chat",
      isChangePwdLater: "N",
      autoLogin: false,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    clientIp: string;
  };
}

async function chatServerWithHeaders(
  server: TestServer,
  user: TestUser,
  headers: Record<string, string>,
) {
  const { accessToken } = await loginAs(server, user);
  const res = await fetch(
    `${server.url}/sso/messenger/handshake?email=${encodeURIComponent(user.email)}`,
    { headers: { authorization: `Bearer ${accessToken}`, ...headers } },
  );
  return ((await res.json()) as { chatServer: string }).chatServer;
}

describe("without TRUST_PROXY (the default)", () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer();
    user = await createUser(
      server.database.db,
      await createCompany(server.database.db),
    );
  });
  afterAll(() => server.close());

  it("audits the socket's address, not a forged X-Forwarded-For", async () => {
    const answer = await loginWithHeaders(server, user, FORGED);
    expect(answer.clientIp).toBe("127.0.0.1");
  });

  it("hands out the chat server of the Host it was reached at, whatever X-Forwarded-Host says", async () => {
    const chatServer = await chatServerWithHeaders(server, user, FORGED);
    expect(chatServer).toBe(`${server.url.replace(/^http/, "ws")}/ws/`);
  });
});

describe("with TRUST_PROXY=127.0.0.1 and PUBLIC_URL", () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await createTestServer({
      TRUST_PROXY: "127.0.0.1",
      PUBLIC_URL: "https://moa.example.com",
    });
    user = await createUser(
      server.database.db,
      await createCompany(server.database.db),
    );
  });
  afterAll(() => server.close());

  it("audits the address the proxy forwards", async () => {
    const answer = await loginWithHeaders(server, user, FORGED);
    expect(answer.clientIp).toBe("203.0.113.9");
  });

  it("links to PUBLIC_URL, never to the forwarded host", async () => {
    const chatServer = await chatServerWithHeaders(server, user, FORGED);
    expect(chatServer).toBe("wss://moa.example.com/ws/");
  });
});
