/** News rooms: the groupware posts alarms and news-feed entries with its integration key; the user receives them live and in history. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_MOA_CHAT, NS_MOA_ROOMS } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import { issueIntegrationKey } from "../../testing/workplace.js";
import {
  chatUsers,
  connect,
  mam,
  roomOf,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";

let server: TestServer;
let user: ChatUser;
let c: RawClient;
let key: string;

beforeAll(async () => {
  server = await createTestServer();
  [user] = (await chatUsers(server, 1)) as [ChatUser];
  key = await issueIntegrationKey(server.database.db, user.companyId);
  c = await connect(server, user);
});
afterAll(async () => {
  await c.close();
  await server.close();
});

const post = (body: unknown, auth = key) =>
  fetch(`${server.url}/integration/v1/news`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${auth}`,
    },
    body: JSON.stringify(body),
  });

it("posts an alarm and a news-feed entry to the user's news room", async () => {
  const res = await post({
    kind: "alarm",
    loginId: user.loginId,
    alarmType: "003",
    title: "새 메일",
    senderDetail: "김팀장",
    link: "/mail/1",
  });
  expect(res.status).toBe(201);
  const { roomName } = (await res.json()) as { roomName: string };
  expect(roomName.startsWith("al_")).toBe(true);
  const live = await c.next(
    (el) =>
      el.getChild("chat", NS_MOA_CHAT)?.attrs["content-type"] === "ALROOM",
    "alarm",
  );
  expect(
    JSON.parse(live.getChildText("extensions", NS_MOA_CHAT) ?? "{}"),
  ).toMatchObject({
    contentType: "ALROOM",
    alarmType: "003",
    title: "새 메일",
    senderDetail: "김팀장",
    link: "/mail/1",
  });

  const feed = await post({
    kind: "newsfeed",
    loginId: user.loginId,
    header: "공지",
    detail: "내용",
    link: "/board/2",
    time: 1_700_000_000_000,
  });
  expect(((await feed.json()) as { roomName: string }).roomName).toBe(roomName);
  const { messages } = await mam(c, roomOf(c, roomName));
  expect(messages.map((m) => m.getChildText("body"))).toEqual([
    "새 메일",
    "공지",
  ]);
  const list = await c.iq("get", `<rooms xmlns="${NS_MOA_ROOMS}"/>`);
  const entry = list
    .getChild("rooms", NS_MOA_ROOMS)!
    .getChildren("room")
    .find((r) => r.attrs.name === roomName)!;
  expect(entry.attrs).toMatchObject({ type: "9", unread: "2" });
});

it("refuses a wrong key, an unknown alarm type and an unknown user", async () => {
  expect(
    (
      await post(
        { kind: "alarm", loginId: user.loginId, alarmType: "003", title: "x" },
        "wrong",
      )
    ).status,
  ).toBe(401);
  expect(
    (
      await post({
        kind: "alarm",
        loginId: user.loginId,
        alarmType: "999",
        title: "x",
      })
    ).status,
  ).toBe(400);
  expect(
    (
      await post({
        kind: "alarm",
        loginId: "nobody",
        alarmType: "003",
        title: "x",
      })
    ).status,
  ).toBe(404);
});
