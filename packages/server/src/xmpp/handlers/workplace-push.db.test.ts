/**
 * Groupware pushes reach online users at once over the chat connection (docs/integration.md "What online users
 * receive"): the groupware calls the integration API, every connection of the named user gets a headline.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Element } from "@xmpp/xml";
import { NS_MOA_PUSH } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import { issueIntegrationKey } from "../../testing/workplace.js";
import { chatUsers, connect, type ChatUser } from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";

let server: TestServer;
let alice: ChatUser;
let bob: ChatUser;
let alicePc: RawClient;
let aliceWeb: RawClient;
let bobPc: RawClient;
let key: string;

beforeAll(async () => {
  server = await createTestServer();
  [alice, bob] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
  key = await issueIntegrationKey(server.database.db, alice.companyId);
  alicePc = await connect(server, alice, "pc-1");
  aliceWeb = await connect(server, alice, "web-1");
  bobPc = await connect(server, bob, "pc-1");
});
afterAll(async () => {
  await Promise.all([alicePc.close(), aliceWeb.close(), bobPc.close()]);
  await server.close();
});

const integration = (method: string, path: string, body: unknown) =>
  fetch(`${server.url}/integration/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });

const isPush = (type: string) => (el: Element) =>
  el.is("message") &&
  el.attrs.type === "headline" &&
  el.getChild("push", NS_MOA_PUSH)?.attrs.type === type;

const payloadOf = (el: Element): unknown =>
  JSON.parse(el.getChildText("push", NS_MOA_PUSH) ?? "null");

it("delivers a pushed badge count to every connection of the user, and to nobody else", async () => {
  const res = await integration("PUT", "counts", {
    loginId: alice.loginId,
    counts: { mail: 120, apr: 3 },
  });
  expect(res.status).toBe(200);
  for (const c of [alicePc, aliceWeb]) {
    const push = await c.next(isPush("count"), "count push");
    expect(payloadOf(push)).toEqual({ counts: { mail: 120, apr: 3 } });
    expect(push.attrs.to).toBe(alice.jid);
  }
  // Bob's connection saw traffic after the push was published, and none of it was Alice's count.
  await integration("PUT", "counts", {
    loginId: bob.loginId,
    counts: { note: 1 },
  });
  const bobs = await bobPc.next(isPush("count"), "bob's count");
  expect(payloadOf(bobs)).toEqual({ counts: { note: 1 } });
  expect(bobPc.received.filter(isPush("count")).map(payloadOf)).toEqual([
    { counts: { note: 1 } },
  ]);
});

it("delivers a groupware alarm as a push with its alarm type code", async () => {
  const res = await integration("POST", "alarms", {
    loginId: alice.loginId,
    type: "007",
    title: "[결재 요청] 출장 신청",
    sender: "이서연",
    link: "approval",
  });
  expect(res.status).toBe(201);
  const push = await alicePc.next(isPush("alarm"), "alarm push");
  expect(payloadOf(push)).toMatchObject({
    type: "007",
    title: "[결재 요청] 출장 신청",
    link: "approval",
  });
});
