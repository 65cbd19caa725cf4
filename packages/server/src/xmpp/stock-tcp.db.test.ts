/**
 * A stock XMPP library (@xmpp/client) over TCP with STARTTLS and the account password, as desktop and mobile clients
 * connect (issue #16): SCRAM-SHA-256 and PLAIN, discovery, 1:1 with a Moa web-protocol user both ways, a room join
 * listing the occupants, the archive paged `with` a colleague, and the roster.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import xml, { type Element } from "@xmpp/xml";
import {
  NS_DATA,
  NS_DISCO_INFO,
  NS_DISCO_ITEMS,
  NS_FORWARD,
  NS_MAM,
  NS_MUC,
  NS_MUC_USER,
  NS_PING,
  NS_RSM,
  roomJid,
} from "@moa/shared";
import { xmppTcpPorts } from "../app.js";
import type { Company } from "../db/repositories/companies.repository.js";
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../testing/index.js";
import { apiClient } from "../testing/workplace.js";
import { NS_ROSTER } from "./im/namespaces.js";
import {
  connect,
  createRoom,
  domainOf,
  say,
  type ChatUser,
} from "./testing/chat-fixture.js";
import type { RawClient } from "./testing/raw-client.js";
import {
  startStockClient,
  type StockClient,
  type StockLogin,
} from "./testing/stock-client.js";

const dataDir = mkdtempSync(join(tmpdir(), "moa-stock-tcp-"));
let server: TestServer;
let company: Company;
let deptKey: string;
let starttlsPort: number;
const open: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  // The embedded certificate is self-signed and @xmpp/client takes no TLS options: accept it (a real client pins it).
  // eslint-disable-next-line n/no-process-env -- the only way to reach @xmpp/client's TLS verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  server = await createTestServer({ XMPP_PORT: "0", DATA_DIR: dataDir });
  starttlsPort = xmppTcpPorts(server.app).starttls ?? 0;
  company = await createCompany(server.database.db);
  deptKey = (await createDepartment(server.database.db, company)).key;
});
afterAll(async () => {
  for (const c of open) await c.stop();
  await server.close();
  // eslint-disable-next-line n/no-process-env -- undoes the setting above
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
});

async function colleague(name: string): Promise<ChatUser> {
  const u = await createUser(server.database.db, company, { name, deptKey });
  return { ...u, accessToken: (await loginAs(server, u)).accessToken };
}

/** Logs in over TCP with STARTTLS and the account password. */
async function tcp(
  user: ChatUser,
  mechanism: StockLogin["mechanism"] = "SCRAM-SHA-256",
): Promise<StockClient> {
  const c = await startStockClient(server.url, user, `desk-${mechanism}`, {
    service: `xmpp://127.0.0.1:${String(starttlsPort)}`,
    password: user.password,
    mechanism,
  });
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

const chat = (to: string, body: string) =>
  xml("message", { type: "chat", to, id: randomUUID() }, xml("body", {}, body));

describe("@xmpp/client over TCP with STARTTLS", () => {
  it("logs in with the password by SCRAM-SHA-256 and by PLAIN, and discovers the server and its rooms", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const web = await moa(alice);
    const room = await createRoom(web, 2, [bob]);

    const scram = await tcp(bob, "SCRAM-SHA-256");
    expect(scram.jid).toBe(`${bob.jid}/desk-SCRAM-SHA-256`);
    const plain = await tcp(bob, "PLAIN");
    expect(plain.jid).toBe(`${bob.jid}/desk-PLAIN`);

    const info = await plain.request(
      xml(
        "iq",
        { type: "get", to: domainOf(bob.jid) },
        xml("query", { xmlns: NS_DISCO_INFO }),
      ),
    );
    const features = info
      .getChild("query", NS_DISCO_INFO)
      ?.getChildren("feature")
      .map((f) => String(f.attrs.var));
    expect(
      info.getChild("query", NS_DISCO_INFO)?.getChild("identity")?.attrs,
    ).toMatchObject({ category: "server", type: "im" });
    expect(features).toEqual(
      expect.arrayContaining([NS_DISCO_INFO, NS_DISCO_ITEMS, NS_PING]),
    );
    const items = await scram.request(
      xml(
        "iq",
        { type: "get", to: `conference.${domainOf(bob.jid)}` },
        xml("query", { xmlns: NS_DISCO_ITEMS }),
      ),
    );
    expect(
      items
        .getChild("query", NS_DISCO_ITEMS)
        ?.getChildren("item")
        .map((i) => String(i.attrs.jid)),
    ).toContain(roomJid(room, domainOf(bob.jid)));
  });

  it("chats 1:1 with a Moa web user both ways and pages that archive `with` them", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const web = await moa(alice);
    const desk = await tcp(bob);

    await desk.send(chat(alice.jid, "TCP에서 안녕"));
    const got = await web.next(
      (el) =>
        el.name === "message" && el.getChildText("body") === "TCP에서 안녕",
      "1:1 in the dual room",
    );
    expect(got.attrs.type).toBe("groupchat");
    const dual = await createRoom(web, 1, [bob]);
    expect(String(got.attrs.from).startsWith(`${dual}@conference.`)).toBe(true);
    await say(web, dual, "반가워요");
    await desk.next(chatFrom(alice.jid, "반가워요"), "the answer as chat");
    await say(web, dual, "또 봐요");
    await desk.next(chatFrom(alice.jid, "또 봐요"), "the second answer");

    const page = async (before: string) => {
      const queryid = randomUUID();
      const answer = await desk.iq(
        xml(
          "iq",
          { type: "set" },
          xml(
            "query",
            { xmlns: NS_MAM, queryid },
            xml(
              "x",
              { xmlns: NS_DATA, type: "submit" },
              xml(
                "field",
                { var: "FORM_TYPE", type: "hidden" },
                xml("value", {}, NS_MAM),
              ),
              xml("field", { var: "with" }, xml("value", {}, alice.jid)),
            ),
            xml(
              "set",
              { xmlns: NS_RSM },
              xml("max", {}, "2"),
              xml("before", {}, before),
            ),
          ),
        ),
      );
      const fin = answer.getChild("fin", NS_MAM);
      const bodies = desk.stanzas.flatMap((s) => {
        const result = s.getChild("result", NS_MAM);
        const m = result
          ?.getChild("forwarded", NS_FORWARD)
          ?.getChild("message");
        return result?.attrs.queryid === queryid && m
          ? [m.getChildText("body")]
          : [];
      });
      return {
        bodies,
        complete: fin?.attrs.complete,
        first: String(fin?.getChild("set", NS_RSM)?.getChildText("first")),
      };
    };
    const last = await page("");
    expect(last).toMatchObject({
      bodies: ["반가워요", "또 봐요"],
      complete: "false",
    });
    expect(await page(last.first)).toMatchObject({
      bodies: ["TCP에서 안녕"],
      complete: "true",
    });
  });

  it("joins a room and sees its members as occupants", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const web = await moa(alice);
    const room = await createRoom(web, 2, [bob]);
    const address = roomJid(room, domainOf(bob.jid));
    const desk = await tcp(bob);

    await desk.send(
      xml("presence", { to: `${address}/any` }, xml("x", { xmlns: NS_MUC })),
    );
    const self = await desk.waitFor(
      (s) =>
        s.is("presence") &&
        s
          .getChild("x", NS_MUC_USER)
          ?.getChildren("status")
          .some((st) => st.attrs.code === "110") === true,
      "own presence with 110",
    );
    expect(self.attrs.from).toBe(`${address}/${bob.name}`);
    const occupants = desk.stanzas
      .filter(
        (s) =>
          s.is("presence") && String(s.attrs.from).startsWith(`${address}/`),
      )
      .map(
        (s) =>
          s.getChild("x", NS_MUC_USER)?.getChild("item")?.attrs.jid as unknown,
      );
    expect(occupants).toEqual([alice.jid, desk.jid]);
  });

  it("gets the roster of the user's friends", async () => {
    const alice = await colleague("김앨리스");
    const bob = await colleague("박밥");
    const api = apiClient(server.url, bob.accessToken);
    const added = await api(
      "POST",
      "/api/v1/chat/home/relation/new/list.json",
      [{ id: alice.loginId }],
    );
    expect(added.body.ErrorMsg).toBeUndefined();
    const desk = await tcp(bob);
    const roster = await desk.request(
      xml("iq", { type: "get" }, xml("query", { xmlns: NS_ROSTER })),
    );
    expect(
      roster
        .getChild("query", NS_ROSTER)
        ?.getChildren("item")
        .map((i) => [
          String(i.attrs.jid),
          String(i.attrs.name),
          String(i.attrs.subscription),
        ]),
    ).toEqual([[alice.jid, alice.name, "both"]]);
  });
});
