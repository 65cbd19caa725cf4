/**
 * Stock clients (@xmpp/client over WebSocket) next to Moa web-protocol clients: 1:1 chat both ways, carbons, the
 * user archive `with` a colleague, roster get/push/version and set, presence subscription and broadcast, vCard.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import xml, { type Element } from "@xmpp/xml";
import {
  NS_DATA,
  NS_FORWARD,
  NS_MAM,
  NS_MOA_CHAT,
  NS_RETRACT,
  NS_RSM,
  NS_SID,
} from "@moa/shared";
import type { Company } from "../../db/repositories/companies.repository.js";
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  directoryFor,
  loginAs,
  type TestServer,
} from "../../testing/index.js";
import { apiClient } from "../../testing/workplace.js";
import {
  connect,
  createRoom,
  presenceSnapshot,
  say,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";
import { startStockClient, type StockClient } from "../testing/stock-client.js";
import {
  NS_CARBONS,
  NS_ROSTER,
  NS_ROSTER_VER,
  NS_VCARD,
} from "./namespaces.js";

let server: TestServer;
let company: Company;
let deptName: string;
let deptKey: string;
const open: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await createTestServer();
  company = await createCompany(server.database.db);
  const dept = await createDepartment(server.database.db, company, {
    name: "개발팀",
  });
  deptName = dept.name;
  deptKey = dept.key;
});
afterAll(async () => {
  for (const c of open) await c.stop();
  await server.close();
});

async function colleague(name: string): Promise<ChatUser> {
  const u = await createUser(server.database.db, company, {
    name,
    deptKey,
    position: "책임",
  });
  return { ...u, accessToken: (await loginAs(server, u)).accessToken };
}

async function stock(user: ChatUser, resource: string): Promise<StockClient> {
  const c = await startStockClient(server.url, user, resource);
  open.push(c);
  return c;
}

async function moa(user: ChatUser): Promise<RawClient> {
  const c = await connect(server, user, "web-1");
  open.push({ stop: () => c.close() });
  return c;
}

const chatFrom = (from: string, body: string) => (s: Element) =>
  s.is("message") &&
  s.attrs.type === "chat" &&
  s.attrs.from === from &&
  s.getChildText("body") === body;

const sentCarbon = (s: Element) =>
  s
    .getChild("sent", NS_CARBONS)
    ?.getChild("forwarded", NS_FORWARD)
    ?.getChild("message");

function chat(to: string, body: string, originId = randomUUID()): Element {
  return xml(
    "message",
    { type: "chat", to, id: randomUUID() },
    xml("body", {}, body),
    xml("origin-id", { xmlns: NS_SID, id: originId }),
  );
}

function mamQuery(
  withJid: string | undefined,
  max: number,
  before?: string,
): Element {
  return xml(
    "iq",
    { type: "set" },
    xml(
      "query",
      { xmlns: NS_MAM, queryid: randomUUID() },
      xml(
        "x",
        { xmlns: NS_DATA, type: "submit" },
        xml(
          "field",
          { var: "FORM_TYPE", type: "hidden" },
          xml("value", {}, NS_MAM),
        ),
        ...(withJid === undefined
          ? []
          : [xml("field", { var: "with" }, xml("value", {}, withJid))]),
      ),
      xml(
        "set",
        { xmlns: NS_RSM },
        xml("max", {}, String(max)),
        xml("before", {}, before ?? ""),
      ),
    ),
  );
}

/** The forwarded messages of a MAM query's results. */
function archived(c: StockClient, query: Element): Element[] {
  const queryId = query.getChild("query", NS_MAM)?.attrs.queryid as string;
  return c.stanzas.flatMap((s) => {
    const result = s.getChild("result", NS_MAM);
    const m = result?.getChild("forwarded", NS_FORWARD)?.getChild("message");
    return result?.attrs.queryid === queryId && m ? [m] : [];
  });
}

const errorText = (s: Element) =>
  `${s.getChild("error")?.getChildElements()[0]?.name ?? ""}/${s.getChild("error")?.getChildText("text") ?? ""}`;

describe("1:1 chat", () => {
  it("reaches a Moa web user as the dual room, and the Moa user's answer reaches the stock client as chat", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const web = await moa(alice);
    const phone = await stock(bob, "phone");

    const originId = randomUUID();
    await phone.xmpp.send(chat(alice.jid, "안녕 앨리스", originId));
    const got = await web.next(
      (el) =>
        el.name === "message" && el.getChildText("body") === "안녕 앨리스",
      "1:1 in the dual room",
    );
    expect(got.attrs.type).toBe("groupchat");
    expect(got.getChild("chat", NS_MOA_CHAT)?.attrs).toMatchObject({
      sender: bob.jid,
      "room-type": "1",
    });
    // The dual room of spec §3: the one creating a type-1 room with bob returns.
    const dual = await createRoom(web, 1, [bob]);
    expect(String(got.attrs.from).startsWith(`${dual}@conference.`)).toBe(true);

    await say(web, dual, "반가워요 밥");
    const answer = await phone.next(
      chatFrom(alice.jid, "반가워요 밥"),
      "the Moa user's answer as chat",
    );
    expect(answer.getChild("stanza-id", NS_SID)?.attrs.by).toBe(bob.jid);

    // The Moa user deletes it (XEP-0424 by stanza id in the room): the stock client learns it by origin id.
    const deletedOrigin = randomUUID();
    const doomed = await say(web, dual, "지울 말", "", deletedOrigin);
    await phone.next(chatFrom(alice.jid, "지울 말"));
    web.send(
      `<message xmlns="jabber:client" type="groupchat" to="${String(got.attrs.from).split("/")[0]}"><retract xmlns="${NS_RETRACT}" id="${String(doomed.getChild("stanza-id", NS_SID)?.attrs.id)}"/></message>`,
    );
    const retraction = await phone.next(
      (s) => s.is("message") && s.getChild("retract", NS_RETRACT) !== undefined,
      "retraction",
    );
    expect(retraction.attrs).toMatchObject({ type: "chat", from: alice.jid });
    expect(retraction.getChild("retract", NS_RETRACT)?.attrs.id).toBe(
      deletedOrigin,
    );

    // A retry with the same origin id is stored once: alice sees the first copy only, then the next message.
    await phone.xmpp.send(chat(alice.jid, "안녕 앨리스", originId));
    await phone.xmpp.send(chat(alice.jid, "두 번째"));
    await web.next(
      (el) => el.name === "message" && el.getChildText("body") === "두 번째",
      "the next message",
    );
    expect(
      web.received.filter((el) => el.getChildText("body") === "안녕 앨리스"),
    ).toHaveLength(1);
    // The stock client retracts its own message by origin id (XEP-0424, as Converse does, with a fallback body).
    const regret = randomUUID();
    await phone.xmpp.send(chat(alice.jid, "취소할 말", regret));
    const regretted = await web.next(
      (el) => el.getChildText("body") === "취소할 말",
      "취소할 말",
    );
    const retract = (id: string) =>
      xml(
        "message",
        { type: "chat", to: alice.jid, id: randomUUID() },
        xml("retract", { xmlns: NS_RETRACT, id }),
        xml("body", {}, "retracted a previous message"),
      );
    await phone.xmpp.send(retract(regret));
    const regrettedId = regretted.getChild("stanza-id", NS_SID)?.attrs.id;
    const gone = await web.next(
      (el) =>
        el.getChild("retract", NS_RETRACT)?.attrs.id === regrettedId &&
        el.attrs.type === "groupchat",
      "room retraction",
    );
    expect(gone.getChild("deleted", NS_MOA_CHAT)?.attrs.sender).toBe(bob.jid);
    const again = retract(regret);
    await phone.xmpp.send(again);
    expect(
      errorText(
        await phone.next(
          (s) => s.attrs.type === "error" && s.attrs.id === again.attrs.id,
          "second retraction refused",
        ),
      ),
    ).toBe("item-not-found/message_not_found");
    expect(
      web.received.filter(
        (el) => el.getChildText("body") === "retracted a previous message",
      ),
    ).toEqual([]);

    // 1:1 has no reflection: the sending resource got none of its own messages.
    expect(
      phone.stanzas.filter((s) => s.is("message") && s.attrs.from === bob.jid),
    ).toEqual([]);
  });

  it("refuses chat to oneself, to another company and to a deactivated colleague with clear errors", async () => {
    const bob = await colleague("박밥");
    const gone = await colleague("최퇴사");
    const other = await createCompany(server.database.db);
    const outsider = await createUser(server.database.db, other);
    await directoryFor(server.database.db).updateUser(company, gone.loginId, {
      active: false,
    });
    const phone = await stock(bob, "phone");
    const refusal = async (to: string) => {
      const m = chat(to, "hello");
      await phone.xmpp.send(m);
      return errorText(
        await phone.next(
          (s) => s.attrs.type === "error" && s.attrs.id === m.attrs.id,
          `error for ${to}`,
        ),
      );
    };
    expect(await refusal(bob.jid)).toBe("not-allowed/cannot_chat_self");
    expect(await refusal(outsider.jid)).toBe("item-not-found/user_not_found");
    expect(await refusal("nobody@elsewhere.example")).toBe(
      "item-not-found/user_not_found",
    );
    expect(await refusal(gone.jid)).toBe("not-allowed/user_deactivated");
  });

  it("pages the user archive `with` a colleague as chat messages", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const carol = await colleague("이캐럴");
    const web = await moa(alice);
    const phone = await stock(bob, "phone");
    const dual = await createRoom(web, 1, [bob]);
    await say(web, dual, "하나");
    await phone.next(chatFrom(alice.jid, "하나"));
    await phone.xmpp.send(chat(alice.jid, "둘"));
    await web.next((el) => el.getChildText("body") === "둘", "둘");
    await say(web, dual, "셋");
    await phone.next(chatFrom(alice.jid, "셋"));

    const last = mamQuery(alice.jid, 2);
    const fin = (await phone.iq(last)).getChild("fin", NS_MAM);
    expect(fin?.attrs.complete).toBe("false");
    const page = archived(phone, last);
    expect(
      page.map((m) => [
        String(m.attrs.type),
        String(m.attrs.from),
        String(m.attrs.to),
      ]),
    ).toEqual([
      ["chat", bob.jid, alice.jid],
      ["chat", alice.jid, bob.jid],
    ]);
    expect(page.map((m) => m.getChildText("body"))).toEqual(["둘", "셋"]);

    const first = String(fin?.getChild("set", NS_RSM)?.getChildText("first"));
    const earlier = mamQuery(alice.jid, 2, first);
    const fin2 = (await phone.iq(earlier)).getChild("fin", NS_MAM);
    expect(fin2?.attrs.complete).toBe("true");
    expect(archived(phone, earlier).map((m) => m.getChildText("body"))).toEqual(
      ["하나"],
    );

    // A stock client's catch-up of its whole archive gets the 1:1 messages in 1:1 form as well.
    const all = mamQuery(undefined, 10);
    await phone.iq(all);
    expect(
      archived(phone, all).map((m) => [
        String(m.attrs.type),
        String(m.attrs.from),
        m.getChildText("body"),
      ]),
    ).toEqual([
      ["chat", alice.jid, "하나"],
      ["chat", bob.jid, "둘"],
      ["chat", alice.jid, "셋"],
    ]);

    const none = mamQuery(carol.jid, 10);
    const fin3 = (await phone.iq(none)).getChild("fin", NS_MAM);
    expect(fin3?.attrs.complete).toBe("true");
    expect(archived(phone, none)).toEqual([]);
  });
});

describe("carbons", () => {
  it("copies what the user sends to the other resources that enabled carbons, and only to them", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const web = await moa(alice);
    const bobWeb = await moa(bob);
    const phone = await stock(bob, "phone");
    const laptop = await stock(bob, "laptop");
    const tablet = await stock(bob, "tablet");
    const aliceDesk = await stock(alice, "desk");
    const enabled = await laptop.iq(
      xml("iq", { type: "set" }, xml("enable", { xmlns: NS_CARBONS })),
    );
    expect(enabled.attrs.type).toBe("result");

    await phone.xmpp.send(chat(alice.jid, "폰에서"));
    const carbon = await laptop.next(
      (s) => sentCarbon(s)?.getChildText("body") === "폰에서",
      "sent carbon",
    );
    expect(carbon.attrs.from).toBe(bob.jid);
    expect(sentCarbon(carbon)?.attrs).toMatchObject({
      type: "chat",
      from: bob.jid,
      to: alice.jid,
    });
    // Stock to stock: alice's stock client gets it as chat.
    await aliceDesk.next(chatFrom(bob.jid, "폰에서"), "stock to stock");
    const dual = await createRoom(web, 1, [bob]);
    // Bob's Moa web client gets the dual room delivery, as before.
    await bobWeb.next(
      (el) =>
        el.attrs.type === "groupchat" && el.getChildText("body") === "폰에서",
      "room delivery to bob's web client",
    );

    // Sent from bob's Moa web client in the dual room: carbon to the laptop too.
    await say(bobWeb, dual, "웹에서");
    await laptop.next(
      (s) => sentCarbon(s)?.getChildText("body") === "웹에서",
      "carbon of a Moa web message",
    );
    // Received 1:1 messages go to every stock resource as they are.
    await say(web, dual, "모두에게");
    for (const c of [phone, laptop, tablet])
      await c.next(chatFrom(alice.jid, "모두에게"));
    // The tablet never enabled carbons: none of bob's own messages reached it.
    expect(tablet.stanzas.filter((s) => sentCarbon(s))).toEqual([]);

    await laptop.iq(
      xml("iq", { type: "set" }, xml("disable", { xmlns: NS_CARBONS })),
    );
    await phone.xmpp.send(chat(alice.jid, "끈 뒤"));
    await web.next((el) => el.getChildText("body") === "끈 뒤", "끈 뒤");
    await say(web, dual, "끝");
    await laptop.next(chatFrom(alice.jid, "끝"));
    expect(
      laptop.stanzas.filter(
        (s) => sentCarbon(s)?.getChildText("body") === "끈 뒤",
      ),
    ).toEqual([]);
  });
});

describe("roster", () => {
  it("is the user's friends with groups and a version, pushed when the friends change through REST or XMPP", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const carol = await colleague("이캐럴");
    const dave = await colleague("정데이브");
    const api = apiClient(server.url, bob.accessToken);
    const group = await api("POST", "/api/v1/chat/home/group/new.json", {
      name: "팀",
    });
    const groupId = (group.body.result as { group: { id: number } }).group.id;
    await api("POST", "/api/v1/chat/home/relation/new/list.json", [
      { id: alice.loginId, groupId },
    ]);

    // Roster versioning is a stream feature after authentication.
    const raw = await moa(bob);
    expect(
      raw.received.some(
        (el) =>
          el.name === "stream:features" &&
          el.getChild("ver", NS_ROSTER_VER) !== undefined,
      ),
    ).toBe(true);
    const phone = await stock(bob, "phone");
    const roster = await phone.iq(
      xml("iq", { type: "get" }, xml("query", { xmlns: NS_ROSTER })),
    );
    const query = roster.getChild("query", NS_ROSTER);
    const ver = String(query?.attrs.ver);
    expect(ver).not.toBe("");
    expect(
      query?.getChildren("item").map((i) => ({
        ...i.attrs,
        group: i.getChildText("group"),
      })),
    ).toEqual([
      {
        jid: alice.jid,
        name: "김앨리스",
        subscription: "both",
        group: "팀",
      },
    ]);
    // XEP-0237: the client's version is current, so the answer is empty.
    const same = await phone.iq(
      xml("iq", { type: "get" }, xml("query", { xmlns: NS_ROSTER, ver })),
    );
    expect(same.attrs.type).toBe("result");
    expect(same.getChild("query")).toBeUndefined();

    const pushOf = (jid: string) => (s: Element) =>
      s.is("iq") &&
      s.attrs.type === "set" &&
      s.getChild("query", NS_ROSTER)?.getChild("item")?.attrs.jid === jid;
    await api("POST", "/api/v1/chat/home/relation/new/list.json", [
      { id: carol.loginId },
    ]);
    const push = await phone.next(pushOf(carol.jid), "push of carol");
    const pushed = push.getChild("query", NS_ROSTER);
    expect(pushed?.getChild("item")?.attrs).toMatchObject({
      name: "이캐럴",
      subscription: "both",
    });
    const ver2 = String(pushed?.attrs.ver);
    expect(ver2).not.toBe(ver);

    // Roster set: remove alice, add dave to a new group — the friends (REST) follow.
    const removed = await phone.iq(
      xml(
        "iq",
        { type: "set" },
        xml(
          "query",
          { xmlns: NS_ROSTER },
          xml("item", { jid: alice.jid, subscription: "remove" }),
        ),
      ),
    );
    expect(removed.attrs.type).toBe("result");
    const removal = await phone.next(
      pushOf(alice.jid),
      "push of alice's removal",
    );
    expect(
      removal.getChild("query")?.getChild("item")?.attrs.subscription,
    ).toBe("remove");
    await phone.iq(
      xml(
        "iq",
        { type: "set" },
        xml(
          "query",
          { xmlns: NS_ROSTER },
          xml("item", { jid: dave.jid }, xml("group", {}, "새그룹")),
        ),
      ),
    );
    await phone.next(pushOf(dave.jid), "push of dave");
    const groups = (await api("GET", "/api/v1/chat/home/group.json")).body
      .content as { name: string; friends: string[] }[];
    expect(groups.find((g) => g.name === "새그룹")?.friends).toEqual([
      dave.loginId,
    ]);
    const friends = (await api("GET", "/api/v1/chat/home/relation.json")).body
      .content as { id: string }[];
    expect(friends.map((f) => f.id).sort()).toEqual(
      [carol.loginId, dave.loginId].sort(),
    );

    const outsider = await createUser(
      server.database.db,
      await createCompany(server.database.db),
    );
    const refused = await phone.iq(
      xml(
        "iq",
        { type: "set" },
        xml("query", { xmlns: NS_ROSTER }, xml("item", { jid: outsider.jid })),
      ),
    );
    expect(errorText(refused)).toBe("item-not-found/user_not_found");
  });
});

describe("presence", () => {
  it("sends the contacts' presence on initial presence, then their changes, and auto-approves subscriptions to colleagues", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const carol = await colleague("이캐럴");
    await apiClient(server.url, bob.accessToken)(
      "POST",
      "/api/v1/chat/home/relation/new/list.json",
      [{ id: alice.loginId }],
    );
    const aliceWeb = await moa(alice);
    await moa(carol);
    const phone = await stock(bob, "phone");
    const presenceOf = (jid: string, show?: string) => (s: Element) =>
      s.is("presence") &&
      String(s.attrs.from).startsWith(`${jid}/`) &&
      s.attrs.type === undefined &&
      (show === undefined || s.getChildText("show") === show);

    await phone.xmpp.send(xml("presence"));
    await phone.next(presenceOf(alice.jid), "alice's current presence");
    aliceWeb.send(
      `<presence xmlns="jabber:client"><show>away</show></presence>`,
    );
    await phone.next(presenceOf(alice.jid, "away"), "alice went away");

    // Bob's own presence reaches users following him (a Moa client showing him).
    await presenceSnapshot(aliceWeb, bob.jid);
    await phone.xmpp.send(xml("presence", {}, xml("show", {}, "dnd")));
    await aliceWeb.next(
      (el) =>
        el.name === "presence" &&
        el.attrs.from === `${bob.jid}/web` &&
        el.getChildText("show") === "dnd",
      "bob busy",
    );

    await phone.xmpp.send(
      xml("presence", { type: "subscribe", to: carol.jid }),
    );
    await phone.next(
      (s) =>
        s.is("presence") &&
        s.attrs.type === "subscribed" &&
        s.attrs.from === carol.jid,
      "subscription approved",
    );
    await phone.next(presenceOf(carol.jid), "carol's presence");

    const outsider = await createUser(
      server.database.db,
      await createCompany(server.database.db),
    );
    await phone.xmpp.send(
      xml("presence", { type: "subscribe", to: outsider.jid }),
    );
    const refused = await phone.next(
      (s) =>
        s.is("presence") &&
        s.attrs.type === "error" &&
        s.attrs.from === outsider.jid,
      "refusal",
    );
    expect(errorText(refused)).toBe("item-not-found/user_not_found");
  });
});

describe("vCard", () => {
  it("serves a colleague's name, position, department and email from the org", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const phone = await stock(bob, "phone");
    const res = await phone.iq(
      xml(
        "iq",
        { type: "get", to: alice.jid },
        xml("vCard", { xmlns: NS_VCARD }),
      ),
    );
    const card = res.getChild("vCard", NS_VCARD);
    expect(res.attrs.from).toBe(alice.jid);
    expect(card?.getChildText("FN")).toBe("김앨리스");
    expect(card?.getChildText("TITLE")).toBe("책임");
    expect(card?.getChild("ORG")?.getChildText("ORGUNIT")).toBe(deptName);
    expect(card?.getChild("ORG")?.getChildText("ORGNAME")).toBe(company.name);
    expect(card?.getChild("EMAIL")?.getChildText("USERID")).toBe(alice.email);

    const set = await phone.iq(
      xml("iq", { type: "set" }, xml("vCard", { xmlns: NS_VCARD })),
    );
    expect(errorText(set)).toBe("not-allowed/org_managed");
  });
});
