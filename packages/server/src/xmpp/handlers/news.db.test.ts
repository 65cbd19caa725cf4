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
    link: "https://gw.example.com/mail/1",
  });
  expect(res.status).toBe(201);
  const { roomName } = (await res.json()) as { roomName: string };
  expect(roomName.startsWith("al_")).toBe(true);
  const live = await c.next(
    (el) =>
      el.getChild("chat", NS_MOA_CHAT)?.attrs["content-type"] === "ALROOM",
    "alarm",
  );
  // The server makes news entries: they have no sender.
  expect(live.getChild("chat", NS_MOA_CHAT)?.attrs.sender).toBe("");
  expect(
    JSON.parse(live.getChildText("extensions", NS_MOA_CHAT) ?? "{}"),
  ).toMatchObject({
    contentType: "ALROOM",
    alarmType: "003",
    title: "새 메일",
    senderDetail: "김팀장",
    link: "https://gw.example.com/mail/1",
  });

  const feed = await post({
    kind: "newsfeed",
    loginId: user.loginId,
    header: "공지",
    detail: "내용",
    link: "http://gw.example.com/board/2",
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

it.each([
  ["a script link", "javascript:alert(document.cookie)"],
  ["a data link", "data:text/html,<script>alert(1)</script>"],
  ["a relative link", "/mail/1"],
  ["a protocol-relative link", "//evil.example.com/mail"],
  ["another scheme", "file:///etc/passwd"],
  ["a link with hidden whitespace", "java\tscript:alert(1)"],
])(
  "refuses %s with invalid_input naming the link, and relays nothing",
  async (_, link) => {
    const { messages: before } = await mam(c, roomOf(c, await newsRoom()));
    for (const body of [
      {
        kind: "alarm",
        loginId: user.loginId,
        alarmType: "003",
        title: "x",
        link,
      },
      { kind: "newsfeed", loginId: user.loginId, header: "x", link },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        ErrorCode: "01",
        ErrorMsg: "invalid_input",
        details: [{ path: "link" }],
      });
    }
    const { messages: after } = await mam(c, roomOf(c, await newsRoom()));
    expect(after.length).toBe(before.length);
  },
);

it("relays http and https links as posted, and the alarm API keeps target keys out of the news room", async () => {
  const room = await newsRoom();
  const relayed = async () => {
    const { messages } = await mam(c, roomOf(c, room));
    const last = messages.at(-1)!;
    const extensions: unknown = JSON.parse(
      last.getChildText("extensions", NS_MOA_CHAT) ?? "{}",
    );
    return extensions as {
      link?: string;
      newsfeed?: { link: string };
    };
  };
  for (const link of [
    "https://gw.example.com/approval/view?id=31&tab=2",
    "http://gw.example.com/board/7#comment-3",
  ]) {
    const res = await post({
      kind: "newsfeed",
      loginId: user.loginId,
      header: "링크",
      link,
    });
    expect(res.status).toBe(201);
    expect((await relayed()).newsfeed?.link).toBe(link);
  }

  const alarm = (link: string) =>
    fetch(`${server.url}/integration/v1/alarms`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({
        loginId: user.loginId,
        type: "007",
        title: "결재 요청",
        link,
      }),
    });
  expect((await alarm("https://gw.example.com/approval/1")).status).toBe(201);
  expect((await relayed()).link).toBe("https://gw.example.com/approval/1");
  expect((await alarm("approval")).status).toBe(201);
  expect((await relayed()).link).toBe("");
  const refused = await alarm("javascript:alert(1)");
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({
    ErrorCode: "01",
    ErrorMsg: "invalid_input",
  });
});

/** The user's news room (the first test made it). */
async function newsRoom(): Promise<string> {
  const list = await c.iq("get", `<rooms xmlns="${NS_MOA_ROOMS}"/>`);
  const room = list
    .getChild("rooms", NS_MOA_ROOMS)!
    .getChildren("room")
    .find((r) => r.attrs.type === "9");
  const name: unknown = room?.attrs.name;
  if (typeof name !== "string") throw new Error("no news room");
  return name;
}

it("gives a user who has none yet one news room when the groupware posts several alarms at once", async () => {
  const [fresh] = (await chatUsers(server, 1)) as [ChatUser];
  const freshKey = await issueIntegrationKey(
    server.database.db,
    fresh.companyId,
  );
  const answers = await Promise.all(
    ["003", "003", "003"].map((alarmType, i) =>
      post(
        {
          kind: "alarm",
          loginId: fresh.loginId,
          alarmType,
          title: `메일 ${i}`,
          senderDetail: "김팀장",
          link: "https://gw.example.com/mail/1",
        },
        freshKey,
      ),
    ),
  );
  expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
  const rooms = await Promise.all(
    answers.map(
      async (res) => ((await res.json()) as { roomName: string }).roomName,
    ),
  );
  expect(new Set(rooms).size).toBe(1);
});
