/** Presence transcripts: values per target, subscriptions to shown users only, and login notifications with the 5-second rule. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { NS_MOA_PRESENCE } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import type { RawClient } from "../testing/raw-client.js";
import {
  chatUsers,
  OpenClients,
  presenceSnapshot,
  type ChatUser,
} from "../testing/chat-fixture.js";

let server: TestServer;
let users: ChatUser[];
const clients = new OpenClients();

beforeAll(async () => {
  server = await createTestServer();
  users = await chatUsers(server, 4);
});
afterAll(async () => {
  await clients.closeAll();
  await server.close();
});

const client = (i: number, resource: string): Promise<RawClient> =>
  clients.connect(server, users[i]!, resource);

const user = (i: number) => users[i]!;
const presenceFrom =
  (jid: string, target: string) =>
  (el: { name: string; attrs: Record<string, unknown> }) =>
    el.name === "presence" && el.attrs.from === `${jid}/${target}`;

describe("presence", () => {
  it("shows the current presence of subscribed users and pushes their changes only to subscribers", async () => {
    const b = await client(1, "pc-1");
    const a = await client(0, "webchat-1");
    const c = await client(2, "web-1");
    const items = await presenceSnapshot(a, user(1).jid);
    expect(
      items.map((i) => [
        String(i.attrs.jid),
        String(i.attrs.target),
        String(i.attrs.show),
      ]),
    ).toEqual([[user(1).jid, "pc", "on"]]);
    b.send(`<presence xmlns="jabber:client"><show>dnd</show></presence>`);
    const dnd = await a.next(presenceFrom(user(1).jid, "pc"), "dnd presence");
    expect(dnd.getChildText("show")).toBe("dnd");
    await b.close();
    const off = await a.next(presenceFrom(user(1).jid, "pc"), "unavailable");
    expect(off.attrs.type).toBe("unavailable");
    await a.iq("get", `<ping xmlns="urn:xmpp:ping"/>`);
    expect(c.received.some((el) => el.name === "presence")).toBe(false);
  });

  it("records logins that arrive together in order: one notice per target, and a second resource keeps it on", async () => {
    const [w, x, y] = (await chatUsers(server, 3)) as [
      ChatUser,
      ChatUser,
      ChatUser,
    ];
    const watcher = await clients.connect(server, w, "pc-watch");
    await watcher.iq(
      "set",
      `<login-notices xmlns="${NS_MOA_PRESENCE}" scope="org"/>`,
    );
    await watcher.iq(
      "set",
      `<subscribe xmlns="${NS_MOA_PRESENCE}"><item jid="${x.jid}"/><item jid="${y.jid}"/></subscribe>`,
    );
    const [x1] = await Promise.all([
      clients.connect(server, x, "pc-1"),
      clients.connect(server, x, "pc-2"),
      clients.connect(server, y, "mobile-1"),
    ]);
    const pushes = (jid: string, target: string) =>
      watcher.received.filter(presenceFrom(jid, target)).length;
    await watcher.next(
      () => pushes(x.jid, "pc") === 2 && pushes(y.jid, "mobile") === 1,
      "three online pushes",
    );
    const notices = (jid: string) =>
      watcher.received.filter(
        (el) => el.getChild("login", NS_MOA_PRESENCE)?.attrs.jid === jid,
      ).length;
    expect([notices(x.jid), notices(y.jid)]).toEqual([1, 1]);
    await x1.close();
    await watcher.next(
      () => pushes(x.jid, "pc") === 3,
      "push after one pc resource left",
    );
    const last = watcher.received.filter(presenceFrom(x.jid, "pc")).at(-1);
    expect(last?.attrs.type).toBeUndefined();
  });

  it("notifies logins to the organisation, not again within 5 seconds", async () => {
    const a = await client(0, "pc-notices");
    await a.iq(
      "set",
      `<login-notices xmlns="${NS_MOA_PRESENCE}" scope="org"/>`,
    );
    const first = await client(3, "mobile-1");
    const notice = await a.next(
      (el) => el.getChild("login", NS_MOA_PRESENCE)?.attrs.jid === user(3).jid,
      "login notice",
    );
    expect(notice.getChild("login", NS_MOA_PRESENCE)?.attrs.target).toBe(
      "mobile",
    );
    await first.close();
    // A subscription makes the second login observable, so the absence of a notice is not a race.
    await presenceSnapshot(a, user(3).jid);
    await client(3, "mobile-2");
    await a.next(
      (el) =>
        el.name === "presence" &&
        el.attrs.from === `${user(3).jid}/mobile` &&
        el.attrs.type !== "unavailable",
    );
    await a.iq("get", `<ping xmlns="urn:xmpp:ping"/>`);
    expect(
      a.received.filter(
        (el) =>
          el.getChild("login", NS_MOA_PRESENCE)?.attrs.jid === user(3).jid,
      ),
    ).toHaveLength(1);
  });

  it("with the friends scope, notifies only logins of users the client shows", async () => {
    const a = await client(0, "pc-frnd");
    await a.iq(
      "set",
      `<login-notices xmlns="${NS_MOA_PRESENCE}" scope="frnd"/>`,
    );
    await presenceSnapshot(a, user(2).jid);
    await client(1, "mobile-x");
    await client(2, "mobile-y");
    await a.next(
      (el) => el.getChild("login", NS_MOA_PRESENCE)?.attrs.jid === user(2).jid,
      "friend login",
    );
    expect(
      a.received.some(
        (el) =>
          el.getChild("login", NS_MOA_PRESENCE)?.attrs.jid === user(1).jid,
      ),
    ).toBe(false);
  });
});

describe("presence leaves with the connection that holds it", () => {
  /** Subscribes the watcher to a user: their online targets as [show, login time]. */
  const shown = async (watcher: RawClient, jid: string) =>
    (await presenceSnapshot(watcher, jid)).map((i) => [
      String(i.attrs.show),
      Number(i.attrs["login-time"]),
    ]);

  it("a login replacing another on the same resource stays online for subscribers without an offline in between, and goes off when it leaves", async () => {
    const [w, x] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
    const watcher = await clients.connect(server, w, "pc-watch");
    const subscribe = () => shown(watcher, x.jid);
    await subscribe();
    const fromX = presenceFrom(x.jid, "webchat");
    await clients.connect(server, x, "webchat");
    const first = await watcher.next(fromX, "first online");
    const second = await clients.connect(server, x, "webchat");
    const replaced = await watcher.next(fromX, "the newer login's presence");
    expect(replaced.attrs.type).toBeUndefined();
    const newerTime = Number(
      replaced.getChild("presence", NS_MOA_PRESENCE)?.attrs["login-time"],
    );
    expect(newerTime).toBeGreaterThanOrEqual(
      Number(first.getChild("presence", NS_MOA_PRESENCE)?.attrs["login-time"]),
    );
    expect(await subscribe()).toEqual([["on", newerTime]]);
    await second.close();
    const off = await watcher.next(fromX, "offline after the newer left");
    expect(off.attrs.type).toBe("unavailable");
    expect(await subscribe()).toEqual([]);
  });

  it("a connection whose presence was taken off while it lived, then set again, still goes off when it leaves", async () => {
    const [w, x] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
    const watcher = await clients.connect(server, w, "pc-watch");
    const shows = async () =>
      (await shown(watcher, x.jid)).map(([show]) => show);
    await shows();
    const fromX = presenceFrom(x.jid, "pc");
    const client = await clients.connect(server, x, "pc-1");
    await watcher.next(fromX, "online");
    // As another node does when it wrongly takes this node for dead.
    await sql`delete from chat_presence where user_id = ${x.id}`.execute(
      server.database.db,
    );
    client.send(`<presence xmlns="jabber:client"><show>away</show></presence>`);
    await watcher.next(fromX, "away");
    expect(await shows()).toEqual(["away"]);
    await client.close();
    const off = await watcher.next(fromX, "offline");
    expect(off.attrs.type).toBe("unavailable");
    expect(await shows()).toEqual([]);
  });
});
