/**
 * A stock XMPP library (@xmpp/client over WebSocket) discovers the server, its conference service, rooms and users,
 * joins a room as XEP-0045 describes, and reads the room archive as XEP-0313 v1.1 describes: results from the room,
 * `with`, item-not-found for unknown ids, whole long bodies and XEP-0424 retraction by origin id with tombstones.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import xml, { type Element } from "@xmpp/xml";
import {
  NS_DATA,
  NS_DELAY,
  NS_DISCO_INFO,
  NS_DISCO_ITEMS,
  NS_FALLBACK,
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_MUC,
  NS_MUC_USER,
  NS_PING,
  NS_RETRACT,
  NS_RSM,
  NS_SID,
  roomDomain,
  roomJid,
} from "@moa/shared";
import { createCompany, createUser, loginAs } from "../../testing/factories.js";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  connect,
  domainOf,
  heard,
  say,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";
import { stockClient, type StockClient } from "../testing/stock-client.js";

let server: TestServer;
let alice: ChatUser;
let bob: ChatUser;
let carol: ChatUser;
/** A colleague with Alice's name. */
let twin: ChatUser;
let aliceRaw: RawClient;
let bobStock: StockClient;
let domain: string;
let room: string;
let roomAddress: string;

const TITLE = "Release planning";

async function createTitledRoom(
  c: RawClient,
  title: string,
  members: readonly ChatUser[],
): Promise<string> {
  const res = await c.iq(
    "set",
    `<create xmlns="${NS_MOA_ROOMS}" type="2" title="${title}">${members.map((m) => `<member jid="${m.jid}"/>`).join("")}</create>`,
  );
  return String(res.getChild("room", NS_MOA_ROOMS)?.attrs.name);
}

const discoInfo = (c: StockClient, to?: string) =>
  c.request(
    xml(
      "iq",
      { type: "get", ...(to ? { to } : {}) },
      xml("query", { xmlns: NS_DISCO_INFO }),
    ),
  );
const discoItems = (c: StockClient, to?: string) =>
  c.request(
    xml(
      "iq",
      { type: "get", ...(to ? { to } : {}) },
      xml("query", { xmlns: NS_DISCO_ITEMS }),
    ),
  );
const featuresOf = (res: Element) =>
  res
    .getChild("query", NS_DISCO_INFO)!
    .getChildren("feature")
    .map((f) => String(f.attrs.var));
const formField = (res: Element, name: string) =>
  res
    .getChild("query", NS_DISCO_INFO)
    ?.getChild("x", NS_DATA)
    ?.getChildren("field")
    .find((f) => f.attrs.var === name)
    ?.getChildText("value");

function mamQuery(
  queryId: string,
  fields: Record<string, string>,
  rsm: Element[],
): Element {
  return xml(
    "query",
    { xmlns: NS_MAM, queryid: queryId },
    xml(
      "x",
      { xmlns: NS_DATA, type: "submit" },
      xml(
        "field",
        { var: "FORM_TYPE", type: "hidden" },
        xml("value", {}, NS_MAM),
      ),
      ...Object.entries(fields).map(([k, v]) =>
        xml("field", { var: k }, xml("value", {}, v)),
      ),
    ),
    xml("set", { xmlns: NS_RSM }, ...rsm),
  );
}

/** Runs a MAM query at `to` and returns the result wrappers and the fin. */
async function mam(
  c: StockClient,
  to: string,
  fields: Record<string, string>,
  rsm: Element[],
): Promise<{ results: Element[]; fin: Element }> {
  const queryId = randomUUID();
  const res = await c.request(
    xml("iq", { type: "set", to }, mamQuery(queryId, fields, rsm)),
  );
  const results = c.stanzas.filter(
    (s) => s.getChild("result", NS_MAM)?.attrs.queryid === queryId,
  );
  return { results, fin: res.getChild("fin", NS_MAM)! };
}

const forwarded = (result: Element) =>
  result
    .getChild("result", NS_MAM)!
    .getChild("forwarded")!
    .getChild("message")!;

beforeAll(async () => {
  server = await createTestServer();
  const company = await createCompany(server.database.db);
  const user = async (name?: string): Promise<ChatUser> => {
    const u = await createUser(
      server.database.db,
      company,
      name ? { name } : {},
    );
    return { ...u, accessToken: (await loginAs(server, u)).accessToken };
  };
  alice = await user();
  bob = await user();
  carol = await user();
  twin = await user(alice.name);
  domain = domainOf(alice.jid);
  aliceRaw = await connect(server, alice);
  room = await createTitledRoom(aliceRaw, TITLE, [bob]);
  roomAddress = roomJid(room, domain);
  bobStock = await stockClient(server, bob, "stock");
});
afterAll(async () => {
  await bobStock.stop();
  await aliceRaw.close();
  await server.close();
});

describe("service discovery", () => {
  it("the server names its features and its conference service", async () => {
    const info = await discoInfo(bobStock, domain);
    expect(
      info.getChild("query", NS_DISCO_INFO)?.getChild("identity")?.attrs,
    ).toMatchObject({
      category: "server",
      type: "im",
    });
    expect(featuresOf(info)).toEqual(
      expect.arrayContaining([NS_DISCO_INFO, NS_DISCO_ITEMS, NS_PING]),
    );
    const items = await discoItems(bobStock, domain);
    expect(
      items
        .getChild("query", NS_DISCO_ITEMS)
        ?.getChildren("item")
        .map((i) => String(i.attrs.jid)),
    ).toEqual([roomDomain(domain)]);
  });

  it("the conference service lists the caller's rooms by title", async () => {
    const info = await discoInfo(bobStock, roomDomain(domain));
    expect(
      info.getChild("query", NS_DISCO_INFO)?.getChild("identity")?.attrs,
    ).toMatchObject({
      category: "conference",
      type: "text",
    });
    expect(featuresOf(info)).toContain(NS_MUC);
    const items = await discoItems(bobStock, roomDomain(domain));
    const listed = items
      .getChild("query", NS_DISCO_ITEMS)
      ?.getChildren("item")
      .map((i) => ({
        jid: i.attrs.jid as string,
        name: i.attrs.name as string,
      }));
    expect(listed).toContainEqual({ jid: roomAddress, name: TITLE });
  });

  it("a room shows its title, MUC features, archive and member count; outsiders learn nothing", async () => {
    const info = await discoInfo(bobStock, roomAddress);
    expect(
      info.getChild("query", NS_DISCO_INFO)?.getChild("identity")?.attrs,
    ).toMatchObject({
      category: "conference",
      type: "text",
      name: TITLE,
    });
    expect(featuresOf(info)).toEqual(
      expect.arrayContaining([
        NS_MUC,
        "muc_persistent",
        "muc_membersonly",
        "muc_nonanonymous",
        NS_MAM,
        NS_RETRACT,
      ]),
    );
    expect(formField(info, "FORM_TYPE")).toBe(
      "http://jabber.org/protocol/muc#roominfo",
    );
    expect(formField(info, "muc#roominfo_description")).toBe(TITLE);
    expect(formField(info, "muc#roominfo_occupants")).toBe("2");

    const carolStock = await stockClient(server, carol, "stock");
    try {
      for (const to of [
        roomAddress,
        roomJid(`g_nosuchroom_${randomUUID()}`, domain),
      ])
        await expect(discoInfo(carolStock, to)).rejects.toMatchObject({
          condition: "forbidden",
          text: "not_member",
        });
    } finally {
      await carolStock.stop();
    }
  });

  it("a user JID is an account; only its owner sees their archive", async () => {
    const own = await discoInfo(bobStock, bob.jid);
    expect(
      own.getChild("query", NS_DISCO_INFO)?.getChild("identity")?.attrs,
    ).toMatchObject({
      category: "account",
      type: "registered",
    });
    expect(featuresOf(own)).toContain(NS_MAM);
    const colleague = await discoInfo(bobStock, alice.jid);
    expect(
      colleague.getChild("query", NS_DISCO_INFO)?.getChild("identity")?.attrs,
    ).toMatchObject({
      category: "account",
    });
    expect(featuresOf(colleague)).not.toContain(NS_MAM);
  });
});

describe("joining a room (XEP-0045)", () => {
  it("lists every member with their name as nick, then the joiner with status 110, history on request and the title as subject", async () => {
    await say(aliceRaw, room, "before the join 1");
    await say(aliceRaw, room, "before the join 2");
    await say(aliceRaw, room, "before the join 3");
    const client = await stockClient(server, bob, "join");
    try {
      await client.send(
        xml(
          "presence",
          { to: `${roomAddress}/whatever` },
          xml("x", { xmlns: NS_MUC }, xml("history", { maxstanzas: "2" })),
        ),
      );
      const subject = await client.waitFor(
        (s) => s.is("message") && s.getChild("subject") !== undefined,
        "subject",
      );
      expect(subject.attrs.from).toBe(roomAddress);
      expect(subject.getChildText("subject")).toBe(TITLE);
      const fromRoom = client.stanzas.filter((s) =>
        String(s.attrs.from).startsWith(`${roomAddress}/`),
      );
      const presences = fromRoom.filter((s) => s.is("presence"));
      const occupant = presences[0]!;
      expect(occupant.attrs.from).toBe(`${roomAddress}/${alice.name}`);
      expect(
        occupant.getChild("x", NS_MUC_USER)?.getChild("item")?.attrs,
      ).toMatchObject({
        affiliation: "owner",
        role: "participant",
        jid: alice.jid,
      });
      const self = presences[1]!;
      expect(self.attrs.from).toBe(`${roomAddress}/${bob.name}`);
      const codes = self
        .getChild("x", NS_MUC_USER)
        ?.getChildren("status")
        .map((s) => String(s.attrs.code));
      // 110 self, 100 non-anonymous, 170 logged, 210 the service assigned the nick.
      expect(codes).toEqual(
        expect.arrayContaining(["110", "100", "170", "210"]),
      );
      const history = fromRoom.filter((s) => s.is("message"));
      expect(history.map((m) => m.getChildText("body"))).toEqual([
        "before the join 2",
        "before the join 3",
      ]);
      expect(history[0]?.attrs.from).toBe(`${roomAddress}/${alice.name}`);
      expect(history[0]?.getChild("delay", NS_DELAY)?.attrs.from).toBe(
        roomAddress,
      );
      // The join came after the history request's presences and before the subject.
      expect(client.stanzas.indexOf(self)).toBeLessThan(
        client.stanzas.indexOf(history[0]!),
      );
      expect(client.stanzas.indexOf(history[1]!)).toBeLessThan(
        client.stanzas.indexOf(subject),
      );
    } finally {
      await client.stop();
    }
  });

  it("leaving with unavailable presence keeps the membership", async () => {
    await bobStock.send(
      xml(
        "presence",
        { to: `${roomAddress}/${bob.name}` },
        xml("x", { xmlns: NS_MUC }),
      ),
    );
    await bobStock.send(
      xml("presence", {
        to: `${roomAddress}/${bob.name}`,
        type: "unavailable",
      }),
    );
    const left = await bobStock.waitFor(
      (s) =>
        s.is("presence") &&
        s.attrs.type === "unavailable" &&
        s.attrs.from === `${roomAddress}/${bob.name}`,
      "own unavailable presence",
    );
    expect(
      left.getChild("x", NS_MUC_USER)?.getChild("status")?.attrs.code,
    ).toBe("110");
    const members = await aliceRaw.iq(
      "get",
      `<members xmlns="${NS_MOA_ROOMS}" room="${room}"/>`,
    );
    expect(
      members
        .getChild("members", NS_MOA_ROOMS)
        ?.getChildren("member")
        .map((m) => String(m.attrs.jid)),
    ).toContain(bob.jid);
  });

  it("a join to a room the user is not in is refused (not_member), for unknown rooms too", async () => {
    const carolStock = await stockClient(server, carol, "stock");
    try {
      for (const to of [
        roomAddress,
        roomJid(`g_nosuchroom_${randomUUID()}`, domain),
      ]) {
        await carolStock.send(
          xml("presence", { to: `${to}/carol` }, xml("x", { xmlns: NS_MUC })),
        );
        const error = await carolStock.waitFor(
          (s) =>
            s.is("presence") &&
            s.attrs.type === "error" &&
            s.attrs.from === `${to}/carol`,
          `error for ${to}`,
        );
        expect(error.getChild("error")?.getChild("forbidden")).toBeDefined();
        expect(error.getChild("error")?.getChildText("text")).toBe(
          "not_member",
        );
      }
    } finally {
      await carolStock.stop();
    }
  });

  it("messages come from the sender's nick, made unique when two members share a name", async () => {
    // Bob's message reaches Alice from his name; the Moa client still reads its sender from <chat sender>.
    await bobStock.send(
      xml(
        "message",
        { type: "groupchat", to: roomAddress, id: "nick-1" },
        xml("body", {}, "from my nick"),
      ),
    );
    const live = await heard(aliceRaw, room, "from my nick");
    expect(live.attrs.from).toBe(`${roomAddress}/${bob.name}`);
    expect(live.getChild("chat", NS_MOA_CHAT)?.attrs.sender).toBe(bob.jid);

    const shared = await createTitledRoom(aliceRaw, "Twins", [bob, twin]);
    const sharedAddress = roomJid(shared, domain);
    const twinRaw = await connect(server, twin);
    try {
      await say(twinRaw, shared, "which one am I");
      const fromTwin = await bobStock.waitFor(
        (s) => s.is("message") && s.getChildText("body") === "which one am I",
        "twin's message",
      );
      const twinLocal = twin.jid.split("@")[0];
      expect(fromTwin.attrs.from).toBe(
        `${sharedAddress}/${twin.name} (${twinLocal})`,
      );
      await bobStock.send(
        xml(
          "presence",
          { to: `${sharedAddress}/${bob.name}` },
          xml("x", { xmlns: NS_MUC }),
        ),
      );
      await bobStock.waitFor(
        (s) =>
          s.is("message") &&
          s.attrs.from === sharedAddress &&
          s.getChild("subject") !== undefined,
        "subject of the twins' room",
      );
      const nicks = bobStock.stanzas
        .filter(
          (s) =>
            s.is("presence") &&
            String(s.attrs.from).startsWith(`${sharedAddress}/`),
        )
        .map((s) => String(s.attrs.from).slice(sharedAddress.length + 1));
      expect(new Set(nicks)).toEqual(
        new Set([
          `${alice.name} (${alice.jid.split("@")[0]})`,
          `${twin.name} (${twinLocal})`,
          bob.name,
        ]),
      );
    } finally {
      await twinRaw.close();
    }
  });
});

describe("room archive (XEP-0313 v1.1)", () => {
  it("is queried at the room JID; results come from the room and carry the sender's nick", async () => {
    const sent = await say(aliceRaw, room, "archived at the room");
    const { results, fin } = await mam(bobStock, roomAddress, {}, [
      xml("max", {}, "5"),
      xml("before"),
    ]);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.attrs.from).toBe(roomAddress);
    const last = results[results.length - 1]!;
    expect(forwarded(last).attrs.from).toBe(`${roomAddress}/${alice.name}`);
    expect(forwarded(last).getChildText("body")).toBe("archived at the room");
    expect(fin.getChild("set", NS_RSM)?.getChildText("last")).toBe(
      String(sent.getChild("stanza-id", NS_SID)?.attrs.id),
    );
  });

  it("`with` picks one occupant's (or member's) messages and pages within them", async () => {
    const mark = `with-${randomUUID()}`;
    await say(aliceRaw, room, `${mark} alice 1`);
    await bobStock.send(
      xml(
        "message",
        { type: "groupchat", to: roomAddress, id: `${mark}-b1` },
        xml("body", {}, `${mark} bob 1`),
      ),
    );
    await bobStock.waitFor(
      (s) => s.attrs.id === `${mark}-b1`,
      "bob's reflection 1",
    );
    await say(aliceRaw, room, `${mark} alice 2`);
    await bobStock.send(
      xml(
        "message",
        { type: "groupchat", to: roomAddress, id: `${mark}-b2` },
        xml("body", {}, `${mark} bob 2`),
      ),
    );
    await bobStock.waitFor(
      (s) => s.attrs.id === `${mark}-b2`,
      "bob's reflection 2",
    );
    const bodies = (results: Element[]) =>
      results
        .map((r) => forwarded(r).getChildText("body") ?? "")
        .filter((b) => b.startsWith(mark));

    const byNick = await mam(
      bobStock,
      roomAddress,
      { with: `${roomAddress}/${alice.name}` },
      [xml("max", {}, "1"), xml("before")],
    );
    expect(bodies(byNick.results)).toEqual([`${mark} alice 2`]);
    expect(byNick.fin.attrs.complete).toBe("false");
    const older = await mam(
      bobStock,
      roomAddress,
      { with: `${roomAddress}/${alice.name}` },
      [
        xml("max", {}, "1"),
        xml(
          "before",
          {},
          byNick.fin.getChild("set", NS_RSM)!.getChildText("first")!,
        ),
      ],
    );
    expect(bodies(older.results)).toEqual([`${mark} alice 1`]);

    const byJid = await mam(bobStock, roomAddress, { with: bob.jid }, [
      xml("max", {}, "2"),
      xml("before"),
    ]);
    expect(bodies(byJid.results)).toEqual([`${mark} bob 1`, `${mark} bob 2`]);
    const nobody = await mam(
      bobStock,
      roomAddress,
      { with: `${roomAddress}/nobody here` },
      [],
    );
    expect(nobody.results).toEqual([]);
  });

  it("an unknown <after/> or <before/> id is item-not-found, not an empty page", async () => {
    for (const cursor of ["after", "before"])
      await expect(
        bobStock.request(
          xml(
            "iq",
            { type: "set", to: roomAddress },
            mamQuery(randomUUID(), {}, [xml(cursor, {}, "999999999")]),
          ),
        ),
      ).rejects.toMatchObject({ condition: "item-not-found" });
  });

  it("a long message arrives whole, live and from the archive, flagged long for Moa clients", async () => {
    const long = `${"긴 메시지 ".repeat(120)}끝`;
    await say(aliceRaw, room, long);
    const live = await bobStock.waitFor(
      (s) => s.is("message") && s.getChildText("body")?.endsWith("끝") === true,
      "long message",
    );
    expect(live.getChildText("body")).toBe(long);
    expect(live.getChild("chat", NS_MOA_CHAT)?.attrs.long).toBe("true");
    const { results } = await mam(bobStock, roomAddress, {}, [
      xml("max", {}, "1"),
      xml("before"),
    ]);
    expect(forwarded(results[0]!).getChildText("body")).toBe(long);
  });

  it("retraction by origin id: members get a XEP-0424 retraction with a fallback, the archive a tombstone", async () => {
    const originId = randomUUID();
    await bobStock.send(
      xml(
        "message",
        { type: "groupchat", to: roomAddress, id: originId },
        xml("body", {}, "sent by mistake"),
        xml("origin-id", { xmlns: NS_SID, id: originId }),
      ),
    );
    const reflection = await bobStock.waitFor(
      (s) => s.attrs.id === originId,
      "reflection",
    );
    const stanzaId = String(reflection.getChild("stanza-id", NS_SID)?.attrs.id);
    await heard(aliceRaw, room, "sent by mistake");
    await bobStock.send(
      xml(
        "message",
        { type: "groupchat", to: roomAddress, id: randomUUID() },
        xml("retract", { xmlns: NS_RETRACT, id: originId }),
      ),
    );
    const retraction = await aliceRaw.next(
      (el) => el.getChild("retract", NS_RETRACT)?.attrs.id === stanzaId,
      "retraction",
    );
    expect(retraction.attrs.from).toBe(`${roomAddress}/${bob.name}`);
    expect(retraction.getChild("fallback", NS_FALLBACK)?.attrs.for).toBe(
      NS_RETRACT,
    );
    expect(retraction.getChildText("body")).not.toBe("");

    const { results } = await mam(bobStock, roomAddress, {}, [
      xml("max", {}, "5"),
      xml("before"),
    ]);
    const tombstone = results
      .map(forwarded)
      .find((m) => m.getChild("stanza-id", NS_SID)?.attrs.id === stanzaId)!;
    expect(tombstone.getChild("retracted", NS_RETRACT)?.attrs.stamp).toMatch(
      /^\d{4}-/,
    );
    expect(tombstone.getChild("body")).toBeUndefined();
  });
});
