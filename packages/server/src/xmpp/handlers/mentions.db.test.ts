/** @mentions travel in the TALK extensions (docs/protocol.md §2): the server keeps them as sent, live and in history. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_MOA_CHAT, buildTalkExtension, parseMentions } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  heard,
  mam,
  roomOf,
  say,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";

let server: TestServer;
let users: ChatUser[];
let a: RawClient;
let b: RawClient;

beforeAll(async () => {
  server = await createTestServer();
  users = await chatUsers(server, 3);
  [a, b] = await Promise.all([
    connect(server, users[0]!),
    connect(server, users[1]!),
  ]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await server.close();
});

it("delivers and archives the mentioned JIDs with the message", async () => {
  const room = await createRoom(a, 2, [users[1]!, users[2]!]);
  await heard(b, room, "INVITE");
  const mentions = [users[1]!.jid, users[2]!.jid];
  await say(
    a,
    room,
    "@B @C 회의 자료 확인 부탁드립니다",
    `<extensions xmlns="${NS_MOA_CHAT}">${buildTalkExtension(mentions)}</extensions>`,
  );

  const live = await heard(b, room, "@B @C 회의 자료 확인 부탁드립니다");
  expect(parseMentions(live.getChildText("extensions", NS_MOA_CHAT))).toEqual(
    mentions,
  );
  expect(live.getChild("chat", NS_MOA_CHAT)?.attrs["content-type"]).toBe(
    "TALK",
  );

  const { messages } = await mam(b, roomOf(b, room));
  const archived = messages.find(
    (m) => m.getChildText("body") === "@B @C 회의 자료 확인 부탁드립니다",
  );
  expect(
    parseMentions(archived?.getChildText("extensions", NS_MOA_CHAT)),
  ).toEqual(mentions);
});
