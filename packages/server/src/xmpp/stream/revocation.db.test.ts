/**
 * Live chat sessions end with their login (docs/auth.md §Ending sessions): logout, lock, password change,
 * deactivation, refresh-token replay and token expiry each close the affected XMPP streams within a second, with a
 * stream error, and the session cannot be resumed afterwards. The admin operations run on a directory service that
 * shares only the chat bus with the server, as another node would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Element } from "@xmpp/xml";
import { NS_BIND, NS_MOA_USER, NS_PING, NS_SM, NS_STREAMS } from "@moa/shared";
import { createMemoryBus } from "../../bus/memory-bus.js";
import type { Company } from "../../db/repositories/companies.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  directoryFor,
  encryptPassword,
  fetchPasswordKey,
  loginAs,
  type TestServer,
  type TestUser,
} from "../../testing/index.js";
import { connect } from "../testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../testing/raw-client.js";

const bus = createMemoryBus();
let server: TestServer;
let company: Company;
let now = Date.now();
const MINUTE = 60_000;
/** The requirement: the stream closes within a second of the triggering call returning. */
const DEADLINE_MS = 1_000;

beforeAll(async () => {
  server = await createTestServer(
    {},
    { clock: () => new Date(now), chatBus: bus },
  );
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  now = Date.now();
});

const directory = () => directoryFor(server.database.db, bus);

async function post(path: string, token: string | undefined, body: unknown) {
  const headers: Record<string, string> = {
    "x-requested-with": "XMLHttpRequest",
    "content-type": "application/json",
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(server.url + path, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Logs in over HTTP and opens a chat stream with stream management resumption enabled. */
async function online(user: TestUser, resource = "web-1") {
  const tokens = await loginAs(server, user);
  const client = await connect(
    server,
    { ...user, accessToken: tokens.accessToken },
    resource,
  );
  client.send(`<enable xmlns="${NS_SM}" resume="true"/>`);
  const enabled = await client.next((el) => el.name === "enabled");
  return { tokens, client, previd: String(enabled.attrs.id) };
}

/**
 * Waits up to the deadline for the socket to close, then returns the stream error it got.
 * @returns the `<stream:error/>`.
 */
async function closedWithin(c: RawClient): Promise<Element> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DEADLINE_MS);
  });
  const outcome = await Promise.race([c.closed, deadline]);
  clearTimeout(timer);
  expect(outcome, "socket closed within 1 s").not.toBe("late");
  const error = c.received.find((el) => el.name === "stream:error");
  if (!error) throw new Error("no stream error before the close");
  return error;
}

function expectNotAuthorized(error: Element, reason: string): void {
  expect(error.getChild("not-authorized", NS_STREAMS)).toBeDefined();
  expect(error.getChildText("text", NS_STREAMS)).toBe(reason);
}

/** Logs in anew and asks to resume the ended session: refused. */
async function expectResumeRefused(
  user: TestUser,
  previd: string,
): Promise<void> {
  const tokens = await loginAs(server, user);
  const again = await loginRaw(
    server.url,
    { ...user, accessToken: tokens.accessToken },
    null,
  );
  again.send(`<resume xmlns="${NS_SM}" previd="${previd}" h="0"/>`);
  const answer = await again.next(
    (el) => el.name === "failed" || el.name === "resumed",
  );
  expect(answer.name).toBe("failed");
  await again.close();
}

/** Lets the expiry check (every 250 ms) see the moved clock, then proves the stream still answers. */
async function stillUpAfterExpiryCheck(c: RawClient): Promise<void> {
  // A wait for something that must not happen: it can only make the test pass wrongly, never fail wrongly.
  await new Promise((resolve) => setTimeout(resolve, 750));
  await stillUp(c);
}

async function stillUp(c: RawClient): Promise<void> {
  const pong = await c.iq("get", `<ping xmlns="${NS_PING}"/>`);
  expect(pong.attrs.type).toBe("result");
}

describe("ending chat sessions with their login", () => {
  it("logout closes that login's streams (not-authorized) and no other device's", async () => {
    const user = await createUser(server.database.db, company);
    const laptop = await online(user, "laptop");
    const phone = await online(user, "phone");
    expect(
      await post("/api/v1/auth/logout", laptop.tokens.accessToken, {}),
    ).toEqual({ ErrorCode: "00" });
    expectNotAuthorized(await closedWithin(laptop.client), "logout");
    await stillUp(phone.client);
    await expectResumeRefused(user, laptop.previd);
    await phone.client.close();
  });

  it("the lock screen's fifth wrong password locks the account and closes every stream of the user", async () => {
    const user = await createUser(server.database.db, company);
    const a = await online(user, "a");
    const b = await online(user, "b");
    const key = await fetchPasswordKey(server.url, company.domain);
    const codes: unknown[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(
        (
          await post("/api/v1/auth/lock/verify", a.tokens.accessToken, {
            token: encryptPassword(key, "wrong"),
          })
        ).ErrorCode,
      );
    expect(codes).toEqual(["104", "104", "104", "104", "103"]);
    expectNotAuthorized(await closedWithin(a.client), "account_locked");
    expectNotAuthorized(await closedWithin(b.client), "account_locked");
    await directory().unlockUser(company, user.loginId);
    await expectResumeRefused(user, a.previd);
  });

  it("an administrator's lock closes the user's streams", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    await directory().updateUser(company, user.loginId, { locked: true });
    expectNotAuthorized(await closedWithin(s.client), "account_locked");
    await directory().updateUser(company, user.loginId, { locked: false });
    await expectResumeRefused(user, s.previd);
  });

  it("a password change closes the user's streams", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    await directory().updateUser(company, user.loginId, {
      password: "changed-1!",
    });
    expectNotAuthorized(await closedWithin(s.client), "password_changed");
    await expectResumeRefused({ ...user, password: "changed-1!" }, s.previd);
  });

  it("deactivation closes the user's streams", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    await directory().updateUser(company, user.loginId, { active: false });
    expectNotAuthorized(await closedWithin(s.client), "deactivated");
    await directory().updateUser(company, user.loginId, { active: true });
    await expectResumeRefused(user, s.previd);
  });

  it("an org import that deactivates the user closes the user's streams", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    await directory().importOrg(company, {
      departments: [],
      users: [{ loginId: user.loginId, name: user.name, active: false }],
    });
    expectNotAuthorized(await closedWithin(s.client), "deactivated");
  });

  it("a login that ends between authentication and bind cannot bind", async () => {
    const user = await createUser(server.database.db, company);
    const tokens = await loginAs(server, user);
    const c = await loginRaw(
      server.url,
      { ...user, accessToken: tokens.accessToken },
      null,
    );
    await post("/api/v1/auth/logout", tokens.accessToken, {});
    c.send(
      `<iq xmlns="jabber:client" type="set" id="b1"><bind xmlns="${NS_BIND}"/></iq>`,
    );
    expectNotAuthorized(await closedWithin(c), "session_ended");
  });

  it("only the same login may resume a dropped session", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    s.client.ws.terminate();
    await s.client.closed;
    await expectResumeRefused(user, s.previd);
    const again = await loginRaw(
      server.url,
      { ...user, accessToken: s.tokens.accessToken },
      null,
    );
    again.send(`<resume xmlns="${NS_SM}" previd="${s.previd}" h="0"/>`);
    await again.next((el) => el.name === "resumed");
    await again.close();
  });

  it("replaying a used refresh token closes the streams of that token family's login", async () => {
    const user = await createUser(server.database.db, company);
    const victim = await online(user, "victim");
    const other = await online(user, "other");
    const first = await post("/api/v1/auth/token/refresh", undefined, {
      refreshToken: victim.tokens.refreshToken,
    });
    expect(first.ErrorCode).toBe("00");
    expect(
      await post("/api/v1/auth/token/refresh", undefined, {
        refreshToken: victim.tokens.refreshToken,
      }),
    ).toEqual({ ErrorCode: "107", ErrorMsg: "refresh_token_replayed" });
    expectNotAuthorized(
      await closedWithin(victim.client),
      "refresh_token_replay",
    );
    await stillUp(other.client);
    await expectResumeRefused(user, victim.previd);
    await other.client.close();
  });

  it("a stream ends when its access token expires, unless the token was renewed on the chat connection", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    now += 50 * MINUTE;
    const renewed = await s.client.iq("get", `<token xmlns="${NS_MOA_USER}"/>`);
    const expires = Date.parse(
      String(renewed.getChild("token", NS_MOA_USER)?.attrs.expires),
    );
    expect(expires).toBe(Math.floor(now / 1000) * 1000 + 60 * MINUTE);
    // Past the first token's expiry: the renewal keeps the stream up.
    now += 20 * MINUTE;
    await stillUpAfterExpiryCheck(s.client);
    now = expires;
    const error = await closedWithin(s.client);
    expect(error.getChild("not-authorized", NS_STREAMS)).toBeDefined();
    expect(error.getChild("credentials-expired", NS_MOA_USER)).toBeDefined();
    await expectResumeRefused(user, s.previd);
  });

  it("a token refreshed over HTTP keeps that login's stream up past the first token's expiry", async () => {
    const user = await createUser(server.database.db, company);
    const s = await online(user);
    now += 50 * MINUTE;
    const refreshed = await post("/api/v1/auth/token/refresh", undefined, {
      refreshToken: s.tokens.refreshToken,
    });
    expect(refreshed.ErrorCode).toBe("00");
    now += 20 * MINUTE;
    await stillUpAfterExpiryCheck(s.client);
    now += 41 * MINUTE;
    const error = await closedWithin(s.client);
    expect(error.getChild("credentials-expired", NS_MOA_USER)).toBeDefined();
  });
});
