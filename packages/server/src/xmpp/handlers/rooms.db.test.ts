/** Transcripts of spec §4 room rules and §7.8 room queries over real WebSockets against a real server. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_MOA_USER,
  NS_RETRACT,
  NS_SID,
} from "@moa/shared";
import { sql } from "kysely";
import { createTestServer, type TestServer } from "../../testing/index.js";
import type { RawClient } from "../testing/raw-client.js";
import {
  chatUsers,
  connect,
  createRoom,
  errorOf,
  heard,
  mam,
  roomOf,
  say,
  stanzaId,
  type ChatUser,
} from "../testing/chat-fixture.js";

let server: TestServer;
let users: ChatUser[];
let a: RawClient;
let a2: RawClient;
let b: RawClient;
let c: RawClient;
let d: RawClient;

beforeAll(async () => {
  server = await createTestServer();
  users = await chatUsers(server, 4);
  [a, a2, b, c, d] = await Promise.all([
    connect(server, users[0]!, "pc"),
    connect(server, users[0]!, "mobile"),
    connect(server, users[1]!),
    connect(server, users[2]!),
    connect(server, users[3]!),
  ]);
});
afterAll(async () => {
  await Promise.all([a, a2, b, c, d].map((x) => x.close()));
  await server.close();
});

const A = () => users[0]!;
const B = () => users[1]!;
const C = () => users[2]!;
const D = () => users[3]!;

/** The JIDs a room's member list holds, as `client` reads it. */
async function memberJids(client: RawClient, room: string) {
  const res = await client.iq(
    "get",
    `<members xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
  );
  return res
    .getChild("members", NS_MOA_ROOMS)!
    .getChildren("member")
    .map((m) => String(m.attrs.jid));
}

async function roomList(client: RawClient) {
  const res = await client.iq("get", `<rooms xmlns="${NS_MOA_ROOMS}"/>`);
  return res.getChild("rooms", NS_MOA_ROOMS)!.getChildren("room");
}

describe("group rooms and messages", () => {
  it("delivers a message to every resource of every member, acknowledged with its stanza id after commit", async () => {
    const room = await createRoom(a, 2, [B(), C()]);
    await heard(b, room, "INVITE");
    const reflection = await say(
      a,
      room,
      "안녕하세요",
      `<extensions xmlns="${NS_MOA_CHAT}">{"contentType":"TALK"}</extensions>`,
    );
    expect(stanzaId(reflection)).toMatch(/^\d+$/);
    const atB = await heard(b, room, "안녕하세요");
    const atOtherResource = await heard(a2, room, "안녕하세요");
    expect(stanzaId(atB)).toBe(stanzaId(reflection));
    expect(stanzaId(atOtherResource)).toBe(stanzaId(reflection));
    expect(atB.getChild("chat", NS_MOA_CHAT)?.attrs.sender).toBe(A().jid);
    await heard(c, room, "안녕하세요");
  });

  it("refuses messages from non-members", async () => {
    const room = await createRoom(a, 2, [B()]);
    const id = "nm1";
    d.send(
      `<message xmlns="jabber:client" type="groupchat" to="${roomOf(d, room)}" id="${id}"><body>hi</body></message>`,
    );
    const err = await d.next(
      (el) => el.attrs.id === id && el.attrs.type === "error",
    );
    expect(errorOf(err)).toBe("forbidden/not_member");
  });

  it("answers a room that does not exist exactly as a room one is not a member of", async () => {
    const existing = await createRoom(a, 2, [B()]);
    const missing = `${existing}x`;
    /** The error element of each room-addressed operation d tries on a room. */
    const answers = async (room: string) => {
      const id = `probe-${room}`;
      d.send(
        `<message xmlns="jabber:client" type="groupchat" to="${roomOf(d, room)}" id="${id}"><body>hi</body></message>`,
      );
      const message = await d.next(
        (el) => el.attrs.id === id && el.attrs.type === "error",
      );
      const iqs = await Promise.all(
        [
          ["get", `<members xmlns="${NS_MOA_ROOMS}" room="${room}"/>`],
          ["get", `<owners xmlns="${NS_MOA_ROOMS}" room="${room}"/>`],
          ["get", `<watch xmlns="${NS_MOA_ROOMS}" room="${room}"/>`],
          ["set", `<watch xmlns="${NS_MOA_ROOMS}" room="${room}" time="1"/>`],
          [
            "get",
            `<long-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="1"/>`,
          ],
          [
            "set",
            `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="1"/>`,
          ],
          [
            "set",
            `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></invite>`,
          ],
          ["set", `<leave xmlns="${NS_MOA_ROOMS}" room="${room}"/>`],
        ].map(([type, payload]) => d.iq(type as "get" | "set", payload ?? "")),
      );
      const history = await d.iq(
        "set",
        `<query xmlns="urn:xmpp:mam:2"/>`,
        roomOf(d, room),
      );
      return [message, ...iqs, history].map((el) =>
        el.getChild("error")?.toString(),
      );
    };
    const foreign = await answers(existing);
    expect(foreign.every((e) => e?.includes("not_member"))).toBe(true);
    expect(await answers(missing)).toEqual(foreign);
  });

  it("stores a retried message once and answers the retry with the same stanza id", async () => {
    const room = await createRoom(a, 2, [B()]);
    const first = await say(a, room, "once", "", "origin-1");
    const retry = await say(a, room, "once", "", "origin-1");
    expect(stanzaId(retry)).toBe(stanzaId(first));
    await say(a, room, "after");
    await heard(b, room, "after");
    expect(
      b.received.filter((el) => el.getChildText("body") === "once"),
    ).toHaveLength(1);
    const { messages } = await mam(a, roomOf(a, room));
    expect(
      messages.filter((m) => m.getChildText("body") === "once"),
    ).toHaveLength(1);
  });

  it("carries the reply quote and the whole long body, flagged long; longMessage returns it too", async () => {
    const room = await createRoom(a, 2, [B()]);
    const long = "가".repeat(600);
    const sent = await say(
      a,
      room,
      long,
      `<reply xmlns="${NS_MOA_CHAT}" title="김민수" time="1700000000000">원문</reply>`,
    );
    const got = await heard(b, room, sent.getChildText("body")!);
    expect(got.getChildText("body")).toBe(long);
    expect(got.getChild("chat", NS_MOA_CHAT)?.attrs.long).toBe("true");
    expect(got.getChild("reply", NS_MOA_CHAT)?.attrs).toMatchObject({
      title: "김민수",
      time: "1700000000000",
    });
    const time = got.getChild("chat", NS_MOA_CHAT)!.attrs.time as string;
    const res = await b.iq(
      "get",
      `<long-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}" sender="${A().jid}"/>`,
    );
    expect(res.getChild("long-message", NS_MOA_ROOMS)?.getText()).toBe(long);
  });

  it("rejects an unknown contentType and a client-sent room event", async () => {
    const room = await createRoom(a, 2, [B()]);
    for (const json of [
      '{"contentType":"NOPE"}',
      '{"contentType":"BAN"}',
      "not json",
    ]) {
      const id = `bad-${json.length}`;
      a.send(
        `<message xmlns="jabber:client" type="groupchat" to="${roomOf(a, room)}" id="${id}"><body>x</body><extensions xmlns="${NS_MOA_CHAT}">${json}</extensions></message>`,
      );
      const err = await a.next(
        (el) => el.attrs.id === id && el.attrs.type === "error",
      );
      expect(errorOf(err)).toBe("bad-request/invalid_input");
    }
  });
});

describe("membership rules", () => {
  it("group invitees become owners and do not see earlier messages", async () => {
    const room = await createRoom(a, 2, [B()]);
    await say(a, room, "before D");
    const res = await a.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${D().jid}"/></invite>`,
    );
    expect(res.attrs.type).toBe("result");
    await heard(d, room, "INVITE");
    const { messages } = await mam(d, roomOf(d, room));
    expect(messages.map((m) => m.getChildText("body"))).not.toContain(
      "before D",
    );
    const owners = await d.iq(
      "get",
      `<owners xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    expect(
      owners
        .getChild("owners", NS_MOA_ROOMS)!
        .getChildren("member")
        .map((m) => String(m.attrs.jid)),
    ).toContain(D().jid);
  });

  it("project invitees become admins and see earlier messages; only the chief invites", async () => {
    const room = await createRoom(a, 3, [B()]);
    await say(a, room, "project history");
    const byAdmin = await b.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></invite>`,
    );
    expect(errorOf(byAdmin)).toBe("forbidden/forbidden");
    await a.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></invite>`,
    );
    const { messages } = await mam(c, roomOf(c, room));
    expect(messages.map((m) => m.getChildText("body"))).toContain(
      "project history",
    );
    const members = await c.iq(
      "get",
      `<members xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    const affiliations = Object.fromEntries(
      members
        .getChild("members", NS_MOA_ROOMS)!
        .getChildren("member")
        .map((m) => [String(m.attrs.jid), String(m.attrs.affiliation)]),
    );
    expect(affiliations).toEqual({
      [A().jid]: "owner",
      [B().jid]: "admin",
      [C().jid]: "admin",
    });
  });

  it("the chief cannot leave while others remain, delegates, then leaves with an EXIT notice", async () => {
    const room = await createRoom(a, 3, [B(), C()]);
    const leave = await a.iq(
      "set",
      `<leave xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    expect(errorOf(leave)).toBe("not-allowed/chief_cannot_leave");
    const delegated = await a.iq(
      "set",
      `<change-member xmlns="${NS_MOA_ROOMS}" room="${room}" jid="${B().jid}" affiliation="owner"/>`,
    );
    expect(delegated.attrs.type).toBe("result");
    await heard(c, room, "DELEGATE");
    const owners = await c.iq(
      "get",
      `<owners xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    expect(
      owners
        .getChild("owners", NS_MOA_ROOMS)!
        .getChildren("member")
        .map((m) => String(m.attrs.jid)),
    ).toEqual([B().jid]);
    expect(
      (await a.iq("set", `<leave xmlns="${NS_MOA_ROOMS}" room="${room}"/>`))
        .attrs.type,
    ).toBe("result");
    await heard(b, room, "EXIT");
    // A member who reads the list on seeing the event never reads it from before.
    expect(await memberJids(b, room)).not.toContain(A().jid);
    const after = await a.iq(
      "get",
      `<members xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    expect(errorOf(after)).toBe("forbidden/not_member");
  });

  it("two role changes sent at once run one after the other: the second decides on what the first did", async () => {
    /** The room's owners, as c reads them. */
    const ownersOf = async (room: string) =>
      (await c.iq("get", `<owners xmlns="${NS_MOA_ROOMS}" room="${room}"/>`))
        .getChild("owners", NS_MOA_ROOMS)!
        .getChildren("member")
        .map((m) => String(m.attrs.jid));
    // The chief hands the room over to two members at once, from two devices: one hand-over, one chief.
    const project = await createRoom(a, 3, [B(), C()]);
    const handOvers = await Promise.all(
      [
        [a, B()],
        [a2, C()],
      ].map(([client, to]) =>
        (client as RawClient).iq(
          "set",
          `<change-member xmlns="${NS_MOA_ROOMS}" room="${project}" jid="${(to as ChatUser).jid}" affiliation="owner"/>`,
        ),
      ),
    );
    expect(handOvers.map((r) => errorOf(r) ?? "result").sort()).toEqual([
      "forbidden/forbidden",
      "result",
    ]);
    expect(await ownersOf(project)).toHaveLength(1);
    // Two owners of a group room each make it a project room at once: one becomes its chief, not both or neither.
    const group = await createRoom(a, 2, [B(), C()]);
    await heard(b, group, "INVITE");
    const switches = await Promise.all(
      [a, b].map((client) =>
        client.iq(
          "set",
          `<room-type xmlns="${NS_MOA_ROOMS}" room="${group}" type="3"/>`,
        ),
      ),
    );
    expect(switches.map((r) => errorOf(r) ?? "result").sort()).toEqual([
      "forbidden/forbidden",
      "result",
    ]);
    expect(await ownersOf(group)).toHaveLength(1);
  });

  it("the member list tells the room type and its creation time", async () => {
    const before = Date.now();
    const room = await createRoom(a, 2, [B()]);
    const res = await b.iq(
      "get",
      `<members xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    const members = res.getChild("members", NS_MOA_ROOMS)!;
    expect(members.attrs.type).toBe("2");
    expect(Number(members.attrs.created)).toBeGreaterThanOrEqual(before);
    expect(Number(members.attrs.created)).toBeLessThanOrEqual(Date.now());
  });

  it("the chief kicks a member (BAN), who then can no longer post", async () => {
    const room = await createRoom(a, 3, [B(), C()]);
    const notChief = await b.iq(
      "set",
      `<delete-member xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></delete-member>`,
    );
    expect(errorOf(notChief)).toBe("forbidden/forbidden");
    const kicked = await a.iq(
      "set",
      `<delete-member xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></delete-member>`,
    );
    expect(kicked.attrs.type).toBe("result");
    // The kicked member still hears it; a remaining member who reads the list on seeing it reads it changed.
    await heard(b, room, "BAN");
    expect(await memberJids(b, room)).not.toContain(C().jid);
    await heard(c, room, "BAN");
    c.send(
      `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c, room)}" id="kicked"><body>x</body></message>`,
    );
    expect(errorOf(await c.next((el) => el.attrs.id === "kicked"))).toBe(
      "forbidden/not_member",
    );
  });

  it("messages and events keep the name and position of a member who was kicked and then deactivated", async () => {
    const room = await createRoom(a, 3, [B(), C()]);
    await say(c, room, "before I go");
    await a.iq(
      "set",
      `<delete-member xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></delete-member>`,
    );
    await heard(b, room, "BAN");
    await sql`update users set active = false where id = ${C().id}`.execute(
      server.database.db,
    );
    try {
      const { messages } = await mam(b, roomOf(b, room), {});
      const chats = messages.map((m) => m.getChild("chat", NS_MOA_CHAT)!);
      const people = (i: number) =>
        chats[i]!.getChildren("person").map((p) => ({ ...p.attrs }));
      const said = chats.findIndex((x) => x.attrs.sender === C().jid);
      expect(chats[said]!.attrs["sender-name"]).toBe(C().name);
      expect(people(said)).toEqual([
        { jid: C().jid, name: C().name, position: "사원" },
      ]);
      const ban = chats.findIndex((x) => x.attrs["content-type"] === "BAN");
      expect(people(ban)).toEqual([
        { jid: A().jid, name: A().name, position: "사원" },
        { jid: C().jid, name: C().name, position: "사원" },
      ]);
    } finally {
      await sql`update users set active = true where id = ${C().id}`.execute(
        server.database.db,
      );
    }
  });

  it("a JID of a user that never existed is named by nobody", async () => {
    const room = await createRoom(a, 2, [B()]);
    // As left by a user record that never existed (e.g. imported from an old server).
    await sql`insert into chat_messages (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type, extension)
      select id, null, 'ghost.nowhere@moa.test', 'ghost-exit', ${Date.now() + 1000}, '', 'EXIT',
        '{"contentType":"EXIT","member":"ghost.nowhere@moa.test"}'
      from chat_rooms where name = ${room}`.execute(server.database.db);
    const { messages } = await mam(b, roomOf(b, room), {});
    const exit = messages
      .map((m) => m.getChild("chat", NS_MOA_CHAT)!)
      .find((x) => x.attrs["content-type"] === "EXIT")!;
    expect(exit.attrs["sender-name"]).toBe("");
    expect(exit.getChildren("person")).toEqual([]);
  });

  it("leaving a group room (DeleteRoomMember of oneself) sends EXIT and removes the membership", async () => {
    const room = await createRoom(a, 2, [B(), C()]);
    await b.iq(
      "set",
      `<delete-member xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${B().jid}"/></delete-member>`,
    );
    await heard(c, room, "EXIT");
    expect((await roomList(b)).map((r) => String(r.attrs.name))).not.toContain(
      room,
    );
  });

  it("roomtype set turns a group room into a project room with the setter as chief", async () => {
    const room = await createRoom(a, 2, [B()]);
    await say(a, room, "while a group room");
    await b.iq(
      "set",
      `<room-type xmlns="${NS_MOA_ROOMS}" room="${room}" type="3"/>`,
    );
    // The room is a project room at once: only its chief invites.
    const byFormerOwner = await a.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></invite>`,
    );
    expect(errorOf(byFormerOwner)).toBe("forbidden/forbidden");
    const owners = await a.iq(
      "get",
      `<owners xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    expect(
      owners
        .getChild("owners", NS_MOA_ROOMS)!
        .getChildren("member")
        .map((m) => String(m.attrs.jid)),
    ).toEqual([B().jid]);
  });

  it("a pair opening their 1:1 room at the same moment, from three devices, gets one room; so does a self room", async () => {
    const [e, f] = await chatUsers(server, 2);
    const [e1, e2, f1] = await Promise.all([
      connect(server, e!, "pc"),
      connect(server, e!, "mobile"),
      connect(server, f!),
    ]);
    const duals = await Promise.all([
      createRoom(e1, 1, [f!]),
      createRoom(e2, 1, [f!]),
      createRoom(f1, 1, [e!]),
    ]);
    expect(new Set(duals).size).toBe(1);
    const selves = await Promise.all([
      createRoom(e1, 4, []),
      createRoom(e2, 4, []),
    ]);
    expect(new Set(selves).size).toBe(1);
    await Promise.all([e1, e2, f1].map((x) => x.close()));
  });

  it("a dual room is unique per pair; leaving hides it until a new message clears the leave time", async () => {
    const room = await createRoom(a, 1, [B()]);
    expect(await createRoom(b, 1, [A()])).toBe(room);
    await say(a, room, "old dual message");
    await a.iq("set", `<leave-time xmlns="${NS_MOA_ROOMS}" room="${room}"/>`);
    let entry = (await roomList(a)).find((r) => r.attrs.name === room)!;
    expect(entry.attrs).toMatchObject({ hidden: "true", display: "off" });
    expect(entry.attrs["leave-time"]).toMatch(/^\d+$/);
    expect((await mam(a, roomOf(a, room))).messages).toHaveLength(0);
    await say(b, room, "come back");
    await heard(a, room, "come back");
    entry = (await roomList(a)).find((r) => r.attrs.name === room)!;
    expect(entry.attrs.hidden).toBe("false");
    expect(entry.attrs["leave-time"]).toBeUndefined();
  });

  it("the self room cannot be left and news rooms take no user messages", async () => {
    const self = await createRoom(a, 4, []);
    expect(self.startsWith("s_s_")).toBe(true);
    expect(
      errorOf(
        await a.iq("set", `<leave xmlns="${NS_MOA_ROOMS}" room="${self}"/>`),
      ),
    ).toBe("not-allowed/not_allowed");
    expect(
      errorOf(await a.iq("set", `<create xmlns="${NS_MOA_ROOMS}" type="9"/>`)),
    ).toBe("bad-request/invalid_input");
  });
});

describe("room list, user data and names", () => {
  it("MyRoomList shows last message, unread count, pin order, blocked alarms, members and my room name", async () => {
    const room = await createRoom(a, 2, [B(), C()]);
    await say(a, room, "one");
    await say(a, room, "two");
    await heard(b, room, "two");
    await b.iq(
      "set",
      `<user-data xmlns="${NS_MOA_USER}"><room-orders>${JSON.stringify([{ name: room, order: 3 }])}</room-orders><blocked-alarms>${JSON.stringify([room])}</blocked-alarms><private-room>OFF</private-room></user-data>`,
    );
    expect(
      (
        await b.iq(
          "set",
          `<my-room-name xmlns="${NS_MOA_ROOMS}" room="${room}">우리 팀</my-room-name>`,
        )
      ).attrs.type,
    ).toBe("result");
    const tooLong = await b.iq(
      "set",
      `<my-room-name xmlns="${NS_MOA_ROOMS}" room="${room}">${"x".repeat(21)}</my-room-name>`,
    );
    expect(errorOf(tooLong)).toBe("bad-request/invalid_input");
    const res = await b.iq("get", `<rooms xmlns="${NS_MOA_ROOMS}"/>`);
    expect(res.getChild("rooms", NS_MOA_ROOMS)?.attrs["private-room"]).toBe(
      "OFF",
    );
    const entry = res
      .getChild("rooms", NS_MOA_ROOMS)!
      .getChildren("room")
      .find((r) => r.attrs.name === room)!;
    expect(entry.attrs).toMatchObject({
      type: "2",
      unread: "2",
      order: "3",
      "alarm-blocked": "true",
      "my-room-name": "우리 팀",
      hidden: "false",
    });
    expect(entry.getChild("last")?.getText()).toBe("two");
    expect(
      entry
        .getChildren("member")
        .map((m) => String(m.attrs.jid))
        .sort(),
    ).toEqual([A().jid, B().jid, C().jid].sort());
    const data = await b.iq("get", `<user-data xmlns="${NS_MOA_USER}"/>`);
    expect(
      JSON.parse(
        data.getChild("user-data", NS_MOA_USER)!.getChildText("room-orders")!,
      ),
    ).toEqual([{ name: room, order: 3 }]);
  });

  it("read watermarks only move forward, are broadcast to members and update unread counts", async () => {
    const room = await createRoom(a, 2, [B()]);
    await say(a, room, "w1");
    const second = await say(a, room, "w2");
    const t2 = Number(second.getChild("chat", NS_MOA_CHAT)!.attrs.time);
    const set = await b.iq(
      "set",
      `<watch xmlns="${NS_MOA_ROOMS}" room="${room}" time="${t2}"/>`,
    );
    expect(set.getChild("watch", NS_MOA_ROOMS)?.attrs.time).toBe(String(t2));
    const live = await a.next(
      (el) => el.getChild("watch", NS_MOA_ROOMS)?.attrs.room === room,
      "watch broadcast",
    );
    expect(live.getChild("watch", NS_MOA_ROOMS)?.attrs).toMatchObject({
      jid: B().jid,
      time: String(t2),
    });
    const back = await b.iq(
      "set",
      `<watch xmlns="${NS_MOA_ROOMS}" room="${room}" time="1"/>`,
    );
    expect(back.getChild("watch", NS_MOA_ROOMS)?.attrs.time).toBe(String(t2));
    const get = await a.iq(
      "get",
      `<watch xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    const watches = Object.fromEntries(
      get
        .getChild("watch", NS_MOA_ROOMS)!
        .getChildren("member")
        .map((m) => [String(m.attrs.jid), String(m.attrs.time)]),
    );
    expect(watches[B().jid]).toBe(String(t2));
    const entry = (await roomList(b)).find((r) => r.attrs.name === room)!;
    expect(entry.attrs.unread).toBe("0");
  });
});

describe("deleting messages", () => {
  it("the sender deletes within 5 minutes: a tombstone for everyone, live and in history", async () => {
    const room = await createRoom(a, 2, [B()]);
    const sent = await say(a, room, "oops");
    const time = sent.getChild("chat", NS_MOA_CHAT)!.attrs.time as string;
    const byOther = await b.iq(
      "set",
      `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
    );
    expect(errorOf(byOther)).toBe("item-not-found/message_not_found");
    expect(
      (
        await a.iq(
          "set",
          `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
        )
      ).attrs.type,
    ).toBe("result");
    const retract = await b.next(
      (el) => el.getChild("retract", NS_RETRACT) !== undefined,
      "retraction",
    );
    expect(retract.getChild("retract", NS_RETRACT)?.attrs.id).toBe(
      stanzaId(sent),
    );
    const { messages } = await mam(b, roomOf(b, room));
    const tomb = messages.find(
      (m) => m.getChild("stanza-id", NS_SID)?.attrs.id === stanzaId(sent),
    )!;
    expect(tomb.getChildText("body")).toBeNull();
    expect(tomb.getChild("chat", NS_MOA_CHAT)?.attrs.deleted).toBe("true");
  });

  it("refuses deletion after 5 minutes and XEP-0424 retraction works by stanza id", async () => {
    const room = await createRoom(a, 2, [B()]);
    const old = await say(a, room, "old");
    await sql`update chat_messages set log_time = log_time - 301000 where id = ${Number(stanzaId(old))}`.execute(
      server.database.db,
    );
    const time = Number(old.getChild("chat", NS_MOA_CHAT)!.attrs.time) - 301000;
    const late = await a.iq(
      "set",
      `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
    );
    expect(errorOf(late)).toBe("not-allowed/delete_window_passed");
    const fresh = await say(a, room, "fresh");
    a.send(
      `<message xmlns="jabber:client" type="groupchat" to="${roomOf(a, room)}" id="r1"><retract xmlns="${NS_RETRACT}" id="${stanzaId(fresh)}"/></message>`,
    );
    const retract = await b.next(
      (el) => el.getChild("retract", NS_RETRACT)?.attrs.id === stanzaId(fresh),
      "retraction",
    );
    // XEP-0424 in a room: the retraction comes from the sender's occupant JID (their nick).
    expect(retract.attrs.from).toBe(`${roomOf(b, room)}/${A().name}`);
  });
});

describe("history (MAM + RSM)", () => {
  it("pages a room newest-first by 'before', filters by log time and catches up across rooms with 'after'", async () => {
    const room = await createRoom(a, 2, [B()]);
    const sent = [];
    for (let i = 1; i <= 5; i++) sent.push(await say(a, room, `h${i}`));
    const last = await mam(b, roomOf(b, room), { max: 2, before: true });
    expect(last.messages.map((m) => m.getChildText("body"))).toEqual([
      "h4",
      "h5",
    ]);
    expect(last.fin.attrs.complete).toBe("false");
    const firstId = last.fin.getChild("set")!.getChildText("first")!;
    const prev = await mam(b, roomOf(b, room), { max: 2, before: firstId });
    expect(prev.messages.map((m) => m.getChildText("body"))).toEqual([
      "h2",
      "h3",
    ]);
    const t3 = Number(sent[2]!.getChild("chat", NS_MOA_CHAT)!.attrs.time);
    const t4 = Number(sent[3]!.getChild("chat", NS_MOA_CHAT)!.attrs.time);
    const range = await mam(b, roomOf(b, room), {
      start: new Date(t3).toISOString(),
      end: String(t4),
    });
    expect(range.messages.map((m) => m.getChildText("body"))).toEqual([
      "h3",
      "h4",
    ]);
    const other = await createRoom(a, 2, [B()]);
    await say(a, other, "elsewhere");
    const catchUp = await mam(b, B().jid, { after: stanzaId(sent[3]!) });
    expect(catchUp.messages.map((m) => m.getChildText("body"))).toEqual([
      "h5",
      null,
      "elsewhere",
    ]);
    expect(catchUp.fin.attrs.complete).toBe("true");
  });
});
