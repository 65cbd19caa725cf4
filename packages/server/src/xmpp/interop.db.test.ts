/** Interop: a stock XMPP library (@xmpp/client) logs in, joins a room, sends a message and pages it back through MAM. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { WebSocket } from "ws";
import { NS_DATA, NS_MAM, NS_RSM, NS_SID, roomJid } from "@moa/shared";
import type { Element } from "@xmpp/xml";
import { createTestServer, type TestServer } from "../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  heard,
  type ChatUser,
} from "./testing/chat-fixture.js";
import type { RawClient } from "./testing/raw-client.js";

let server: TestServer;
let alice: ChatUser;
let bob: ChatUser;
let aliceClient: RawClient;

beforeAll(async () => {
  server = await createTestServer();
  [alice, bob] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
  aliceClient = await connect(server, alice);
});
afterAll(async () => {
  await aliceClient.close();
  await server.close();
});

it("@xmpp/client logs in with SASL PLAIN, joins a room, chats and pages history through MAM", async () => {
  // Node 20 has no global WebSocket; @xmpp/websocket expects the browser API.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const { client, xml } = await import("@xmpp/client");
  const room = await createRoom(aliceClient, 2, [bob]);
  const [local, domain] = bob.jid.split("@") as [string, string];
  const xmpp = client({
    service: `${server.url.replace("http", "ws")}/ws/`,
    domain,
    resource: "interop",
    username: local,
    password: bob.accessToken,
  });
  const stanzas: Element[] = [];
  xmpp.on("stanza", (s: Element) => stanzas.push(s));
  xmpp.on("error", () => undefined);
  const waitFor = (match: (s: Element) => boolean) =>
    new Promise<Element>((resolve, reject) => {
      const found = stanzas.find(match);
      if (found) {
        resolve(found);
        return;
      }
      const timer = setTimeout(() => reject(new Error("timed out")), 5_000);
      const onStanza = (s: Element) => {
        if (!match(s)) return;
        clearTimeout(timer);
        xmpp.removeListener("stanza", onStanza);
        resolve(s);
      };
      xmpp.on("stanza", onStanza);
    });

  const address = await xmpp.start();
  expect(address.toString()).toBe(`${bob.jid}/interop`);

  const roomAddress = roomJid(room, domain);
  await xmpp.send(
    xml(
      "presence",
      { to: `${roomAddress}/bob` },
      xml("x", { xmlns: "http://jabber.org/protocol/muc" }),
    ),
  );
  // The room assigns the member's name as nick, whatever nick the client asked for.
  const self = await waitFor(
    (s) => s.is("presence") && s.attrs.from === `${roomAddress}/${bob.name}`,
  );
  expect(
    self
      .getChild("x", "http://jabber.org/protocol/muc#user")
      ?.getChildren("status")
      .map((s) => String(s.attrs.code)),
  ).toContain("110");

  await xmpp.send(
    xml(
      "message",
      { type: "groupchat", to: roomAddress, id: "interop-1" },
      xml("body", {}, "hello from xmpp.js"),
    ),
  );
  const reflection = await waitFor(
    (s) => s.is("message") && s.attrs.id === "interop-1",
  );
  const id = reflection.getChild("stanza-id", NS_SID)?.attrs.id as string;
  expect(id).toMatch(/^\d+$/);
  await heard(aliceClient, room, "hello from xmpp.js");

  const result = await xmpp.iqCaller.request(
    xml(
      "iq",
      { type: "set", to: roomAddress },
      xml(
        "query",
        { xmlns: NS_MAM, queryid: "q1" },
        xml(
          "x",
          { xmlns: NS_DATA, type: "submit" },
          xml(
            "field",
            { var: "FORM_TYPE", type: "hidden" },
            xml("value", {}, NS_MAM),
          ),
        ),
        xml("set", { xmlns: NS_RSM }, xml("max", {}, "10"), xml("before")),
      ),
    ),
  );
  const fin = result.getChild("fin", NS_MAM);
  expect(fin?.getChild("set", NS_RSM)?.getChildText("last")).toBe(id);
  const archived = stanzas
    .filter((s) => s.getChild("result", NS_MAM)?.attrs.queryid === "q1")
    .map((s) =>
      s
        .getChild("result", NS_MAM)
        ?.getChild("forwarded")
        ?.getChild("message")
        ?.getChildText("body"),
    );
  expect(archived).toContain("hello from xmpp.js");
  await xmpp.stop();
});
