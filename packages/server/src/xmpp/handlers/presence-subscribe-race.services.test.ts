/**
 * A presence subscription follows the users' presence and then reads their current presence. What reaches the
 * watcher while that read runs must come after the subscription's result: a push that came first would be
 * overwritten on the client by the older snapshot. PostgreSQL only (holding the read needs a second connection).
 */
import { sql } from "kysely";
import type { Element } from "@xmpp/xml";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_MOA_PRESENCE } from "@moa/shared";
import {
  createTestServer,
  until,
  type TestServer,
} from "../../testing/index.js";
import {
  chatUsers,
  createRoom,
  OpenClients,
  roomOf,
  say,
  type ChatUser,
} from "../testing/chat-fixture.js";

let server: TestServer;
let users: ChatUser[];
const clients = new OpenClients();

beforeAll(async () => {
  server = await createTestServer();
  users = await chatUsers(server, 2);
});
afterAll(async () => {
  await clients.closeAll();
  await server.close();
});

it("delivers what arrives while a presence subscription reads the snapshot after its result, and ends on the latest presence", async () => {
  const [w, x] = users as [ChatUser, ChatUser];
  const colleague = await clients.connect(server, x, "pc-1");
  const watcher = await clients.connect(server, w, "webchat-1");
  const room = await createRoom(colleague, 2, [w]);
  const db = server.database.db;
  const waitingOnPresence = async (tx: typeof db, n: number) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks
      where not granted and relation = 'chat_presence'::regclass`.execute(tx);
    return rows[0]!.n >= n;
  };
  await db.transaction().execute(async (tx) => {
    await sql`lock table chat_presence in access exclusive mode`.execute(tx);
    watcher.send(
      `<iq xmlns="jabber:client" type="set" id="sub"><subscribe xmlns="${NS_MOA_PRESENCE}"><item jid="${x.jid}"/></subscribe></iq>`,
    );
    await until(
      () => waitingOnPresence(tx, 1),
      "the subscription to wait to read the snapshot",
    );
    await say(colleague, room, "sent while the snapshot is read");
    colleague.send(
      `<presence xmlns="jabber:client"><show>dnd</show></presence>`,
    );
    await until(
      () => waitingOnPresence(tx, 2),
      "the colleague's presence change to wait to be stored",
    );
  });
  const isResult = (el: Element) => el.name === "iq" && el.attrs.id === "sub";
  const isMessage = (el: Element) =>
    el.name === "message" &&
    String(el.attrs.from).startsWith(roomOf(watcher, room)) &&
    el.getChildText("body") === "sent while the snapshot is read";
  const result = await watcher.next(isResult, "the subscription's result");
  await watcher.next(isMessage, "the message sent meanwhile");
  expect(watcher.received.findIndex(isResult)).toBeLessThan(
    watcher.received.findIndex(isMessage),
  );
  // The client shows the snapshot, then applies each push after it: it must end on dnd.
  const shown = () => {
    const after = watcher.received.slice(
      watcher.received.findIndex(isResult) + 1,
    );
    const pushes = after.filter(
      (el) =>
        el.name === "presence" &&
        String(el.attrs.from).startsWith(`${x.jid}/pc`),
    );
    const last = pushes.at(-1);
    if (last) return last.getChildText("show") ?? "on";
    const item = result
      .getChild("subscribe", NS_MOA_PRESENCE)
      ?.getChildren("item")
      .find((i) => i.attrs.target === "pc");
    return String(item?.attrs.show ?? "off");
  };
  await until(
    () => Promise.resolve(shown() === "dnd"),
    "the watcher to show the colleague's latest presence",
  );
});
