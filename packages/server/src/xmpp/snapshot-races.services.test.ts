/**
 * A client asks for the current state of something (its rooms, its colleagues' presence, its roster) and then gets
 * pushes of its changes. A change made while that state is read must reach the client after the answer: pushed
 * before it, it would be overwritten by the older answer; dropped, the client would show the old state until the next
 * change. Each test holds the read on a table lock while the change happens, so PostgreSQL only (it needs a second
 * connection).
 */
import xml, { type Element } from "@xmpp/xml";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NS_MOA_CHAT, NS_MOA_PRESENCE, NS_MOA_ROOMS } from "@moa/shared";
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  loginAs,
  until,
  whileTableLocked,
  type TestServer,
} from "../testing/index.js";
import { apiClient } from "../testing/workplace.js";
import {
  chatUsers,
  createRoom,
  OpenClients,
  roomOf,
  say,
  type ChatUser,
} from "./testing/chat-fixture.js";
import { startStockClient, type StockClient } from "./testing/stock-client.js";
import { NS_ROSTER } from "./im/namespaces.js";

let server: TestServer;
const clients = new OpenClients();
const stockClients: StockClient[] = [];

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await clients.closeAll();
  for (const c of stockClients) await c.stop();
  await server.close();
});

/**
 * Runs `meanwhile` while a transaction holds a table locked against reads, once `read` waits for it.
 * @param table the table the read needs.
 * @param read starts the read (it must reach the table after it was locked).
 * @param meanwhile the change, made while the read waits.
 */
const whileReadWaits = (
  table: string,
  read: () => void,
  meanwhile: (waiting: (n: number) => Promise<boolean>) => Promise<void>,
): Promise<void> =>
  whileTableLocked(
    server.database.db,
    { table, mode: "access exclusive" },
    read,
    (_tx, waiting) => meanwhile(waiting),
  );

it("pushes a read watermark set on another device while the room list is read after the list", async () => {
  const [u, v] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
  const sender = await clients.connect(server, v, "pc-1");
  const room = await createRoom(sender, 2, [u]);
  const said = await say(
    sender,
    room,
    "unread until the other device reads it",
  );
  const time = String(said.getChild("chat", NS_MOA_CHAT)?.attrs.time);
  const web = await clients.connect(server, u, "web-1");
  const pc = await clients.connect(server, u, "pc-1");
  // The list reads the rooms beside the user's chat data: the watermark, in the rooms' members, commits between.
  await whileReadWaits(
    "chat_user_data",
    () =>
      web.send(
        `<iq xmlns="jabber:client" type="get" id="list"><rooms xmlns="${NS_MOA_ROOMS}"/></iq>`,
      ),
    async () => {
      await pc.iq(
        "set",
        `<watch xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
      );
    },
  );
  const isList = (el: Element) => el.name === "iq" && el.attrs.id === "list";
  const isWatch = (el: Element) =>
    el.getChild("watch", NS_MOA_ROOMS)?.attrs.room === room &&
    el.getChild("watch", NS_MOA_ROOMS)?.attrs.jid === u.jid;
  await web.next(isList, "the room list");
  await web.next(isWatch, "the watermark set on the other device");
  expect(web.received.findIndex(isList)).toBeLessThan(
    web.received.findIndex(isWatch),
  );
});

it("delivers what arrives while a presence subscription reads the snapshot after its result, and ends on the latest presence", async () => {
  const [w, x] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
  const colleague = await clients.connect(server, x, "pc-1");
  const watcher = await clients.connect(server, w, "webchat-1");
  const room = await createRoom(colleague, 2, [w]);
  await whileReadWaits(
    "chat_presence",
    () =>
      watcher.send(
        `<iq xmlns="jabber:client" type="set" id="sub"><subscribe xmlns="${NS_MOA_PRESENCE}"><item jid="${x.jid}"/></subscribe></iq>`,
      ),
    async (waiting) => {
      await say(colleague, room, "sent while the snapshot is read");
      colleague.send(
        `<presence xmlns="jabber:client"><show>dnd</show></presence>`,
      );
      await until(
        () => waiting(2),
        "the colleague's presence change to wait to be stored",
      );
    },
  );
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

it("pushes a friend moved while a stock client reads its roster, after the roster", async () => {
  const company = await createCompany(server.database.db);
  const { key: deptKey } = await createDepartment(server.database.db, company, {
    name: "개발팀",
  });
  const [owner, friend] = await Promise.all(
    ["박밥", "김앨리스"].map((name) =>
      createUser(server.database.db, company, { name, deptKey }),
    ),
  );
  const { accessToken } = await loginAs(server, owner!);
  const api = apiClient(server.url, accessToken);
  const group = await api("POST", "/api/v1/chat/home/group/new.json", {
    name: "팀",
  });
  const groupId = (group.body.result as { group: { id: number } }).group.id;
  await api("POST", "/api/v1/chat/home/relation/new/list.json", [
    { id: friend!.loginId, groupId },
  ]);
  const phone = await startStockClient(
    server.url,
    { jid: owner!.jid, accessToken },
    "phone",
  );
  stockClients.push(phone);
  let answer: Promise<Element> | undefined;
  // The roster reads the friends, then their groups: the move to no group writes friends only, and commits between.
  await whileReadWaits(
    "friend_groups",
    () => {
      answer = phone.iq(
        xml("iq", { type: "get" }, xml("query", { xmlns: NS_ROSTER })),
      );
    },
    async () => {
      const moved = await api(
        "PUT",
        "/api/v1/chat/home/relation/move/list.json",
        [{ id: friend!.loginId, groupId: null }],
      );
      expect(moved.status).toBe(200);
    },
  );
  const roster = await answer!;
  const items = roster.getChild("query", NS_ROSTER)?.getChildren("item");
  expect(items?.map((i) => i.getChildText("group"))).toEqual(["팀"]);
  const push = await phone.next(
    (s) =>
      s.is("iq") &&
      s.attrs.type === "set" &&
      s.getChild("query", NS_ROSTER)?.getChild("item")?.attrs.jid ===
        friend!.jid,
    "the push of the moved friend",
  );
  expect(
    push.getChild("query", NS_ROSTER)?.getChild("item")?.getChild("group"),
  ).toBeUndefined();
  const answeredAt = phone.stanzas.indexOf(roster);
  expect(answeredAt).toBeGreaterThanOrEqual(0);
  expect(phone.stanzas.indexOf(push)).toBeGreaterThan(answeredAt);
});
