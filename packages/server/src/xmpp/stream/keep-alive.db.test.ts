/**
 * A chat connection whose peer stops answering (a laptop put to sleep, a dropped network, a frozen process) is cut off
 * and its user goes offline for the people watching, instead of staying online until the access token expires; a
 * peer that answers the server's pings stays connected however long it is idle (docs/protocol.md §1 Keep-alive). Over
 * WebSocket (ping frames) and over TCP with STARTTLS (XEP-0199 pings, answered by a stock library).
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { setTimeout as pause } from "node:timers/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import xml, { type Element } from "@xmpp/xml";
import { NS_PING, NS_SM } from "@moa/shared";
import { xmppTcpPorts } from "../../app.js";
import {
  createTestServer,
  until,
  type TestServer,
} from "../../testing/index.js";
import {
  chatUsers,
  domainOf,
  OpenClients,
  presenceSnapshot,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";
import { startStockClient, type StockClient } from "../testing/stock-client.js";

// Short enough to see several rounds in a test; long enough that a loaded machine still answers in time.
const PING_MS = 2_000;
// Rounds over TCP take up to two intervals to cut a silent client off, then the resumption window. Seconds, and many
// more on a loaded machine.
const TCP_WAIT_MS = 60_000;
const TCP_TEST_MS = 90_000;

let server: TestServer;
let users: ChatUser[];
const clients = new OpenClients();
const stock: StockClient[] = [];

beforeAll(async () => {
  // The embedded certificate is self-signed and @xmpp/client takes no TLS options: accept it (a real client pins it).
  // eslint-disable-next-line n/no-process-env -- the only way to reach @xmpp/client's TLS verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  server = await createTestServer(
    { XMPP_PORT: "0", DATA_DIR: mkdtempSync(join(tmpdir(), "moa-keep-")) },
    // The stock TCP client uses stream management: a short resumption window lets its cut-off show soon.
    { xmppLimits: { keepAliveMs: PING_MS, resumeTimeoutSeconds: 2 } },
  );
  users = await chatUsers(server, 6);
});
afterAll(async () => {
  for (const c of stock) await c.stop();
  await clients.closeAll();
  await server.close();
  // eslint-disable-next-line n/no-process-env -- undoes the setting above
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
});

const client = (i: number, resource: string): Promise<RawClient> =>
  clients.connect(server, users[i]!, resource);

/** Logs a user in over TCP with STARTTLS and the password, as a Moa desktop resource (its presence is tracked). */
async function tcpClient(i: number, resource: string): Promise<StockClient> {
  const c = await startStockClient(server.url, users[i]!, resource, {
    service: `xmpp://127.0.0.1:${String(xmppTcpPorts(server.app).starttls)}`,
    password: users[i]!.password,
    mechanism: "PLAIN",
  });
  stock.push(c);
  return c;
}

/** After STARTTLS the client's socket wraps Node's TLS socket: pausing that stops reading from TCP. */
const tlsSocketOf = (c: StockClient): Socket =>
  (c.xmpp as unknown as { socket: { socket: Socket } }).socket.socket;

/**
 * Subscribes a watcher to a user's presence, once it shows the user online: a resource's presence is recorded just
 * after its bind is answered, so a subscription sent right after a login can come first.
 */
async function watch(watcher: RawClient, user: ChatUser): Promise<void> {
  await until(
    async () =>
      (await presenceSnapshot(watcher, user.jid))
        .map((i) => String(i.attrs.show))
        .join() === "on",
    `${user.jid} online for the watcher`,
  );
}

/** Whether the watcher was told the user went offline. */
const sawOffline = (watcher: RawClient, user: ChatUser) => () =>
  watcher.received.some(
    (el) =>
      el.name === "presence" &&
      String(el.attrs.from).startsWith(`${user.jid}/`) &&
      el.attrs.type === "unavailable",
  );

/** The XEP-0199 pings a stock client received from the server. */
const pingsTo = (c: StockClient, user: ChatUser): Element[] =>
  c.stanzas.filter(
    (s) =>
      s.is("iq") &&
      s.attrs.type === "get" &&
      s.attrs.from === domainOf(user.jid) &&
      s.attrs.to === c.jid &&
      s.getChild("ping", NS_PING) !== undefined,
  );

/** Counts the ping frames a client's socket receives (its WebSocket library answers each with a pong). */
function pingsOf(c: RawClient): () => number {
  let pings = 0;
  c.ws.on("ping", () => (pings += 1));
  return () => pings;
}

describe("WebSocket keep-alive", () => {
  it("cuts off a peer that stops answering pings, and its presence goes offline", async () => {
    const watcher = await client(0, "pc-watch");
    const sleeper = await client(1, "pc-1");
    await watch(watcher, users[1]!);
    // The socket stays open but nothing is read: no pong goes back, as from a machine that went to sleep.
    sleeper.ws.pause();
    await until(
      sawOffline(watcher, users[1]!),
      "the sleeper's unavailable presence",
    );
    sleeper.ws.resume();
    // Cut off, not closed with a handshake: 1006 on the client's side.
    expect(await sleeper.closed).toBe(1006);
  });

  it("keeps an idle peer that answers connected across many pings", async () => {
    const idle = await client(2, "pc-idle");
    const pings = pingsOf(idle);
    await until(() => pings() >= 3, "three pings");
    expect(idle.ws.readyState).toBe(idle.ws.OPEN);
    const pong = await idle.iq("get", `<ping xmlns="urn:xmpp:ping"/>`);
    expect(pong.attrs.type).toBe("result");
  });
});

describe("TCP keep-alive (XEP-0199)", () => {
  it(
    "cuts off a TCP client that stops answering pings, and its presence goes offline",
    async () => {
      const watcher = await client(0, "pc-watch-tcp");
      const sleeper = users[3]!;
      const desk = await tcpClient(3, "pc-desk");
      await watch(watcher, sleeper);
      const socket = tlsSocketOf(desk);
      const closed = once(socket, "close");
      // The socket stays open but nothing is read: no ping is answered, as from a machine that went to sleep.
      socket.pause();
      await until(
        sawOffline(watcher, sleeper),
        "the sleeper's unavailable presence",
        TCP_WAIT_MS,
      );
      // A frozen client reads nothing, nor answers: its socket is drained by hand, past the library, to see what
      // the server sent before it cut the socket off.
      desk.xmpp.reconnect.stop();
      socket.removeAllListeners("data");
      let unread = "";
      socket.on("data", (chunk: Buffer) => (unread += chunk.toString("utf8")));
      socket.resume();
      await closed;
      expect(unread).toContain(`<ping xmlns="${NS_PING}"/>`);
      // Cut off, not closed with a stream error: it would have waited behind the unread output.
      expect(unread).not.toContain("stream:error");
    },
    TCP_TEST_MS,
  );

  it(
    "pings a TCP client that keeps talking, so the server's side is never silent for longer than a round",
    async () => {
      const talker = users[5]!;
      const desk = await tcpClient(5, "pc-talk");
      // The client speaks several times a round (pings of its own): every round hears it.
      let talking = true;
      const talk = async () => {
        while (talking) {
          await desk.iq(
            xml("iq", { type: "get" }, xml("ping", { xmlns: NS_PING })),
          );
          await pause(PING_MS / 4);
        }
      };
      const talked = talk();
      try {
        await until(
          () => pingsTo(desk, talker).length >= 2,
          "two pings to a client that talks",
          TCP_WAIT_MS,
        );
      } finally {
        talking = false;
        await talked;
      }
    },
    TCP_TEST_MS,
  );

  it(
    "keeps an idle TCP client that answers the pings connected, and it still chats",
    async () => {
      const web = await client(0, "pc-web-tcp");
      const idle = users[4]!;
      const desk = await tcpClient(4, "pc-idle");
      const socket = tlsSocketOf(desk);
      const sent: Element[] = [];
      desk.xmpp.on("send", (s: Element) => sent.push(s));
      const answers = () =>
        pingsTo(desk, idle).flatMap((ping) =>
          sent.filter((s) => s.is("iq") && s.attrs.id === ping.attrs.id),
        );
      await until(
        () => answers().length >= 2,
        "two pings answered",
        TCP_WAIT_MS,
      );
      // The library answers each ping itself, with an empty result.
      const answered = answers().map(
        (a) => `${String(a.attrs.type)} to ${String(a.attrs.to)}`,
      );
      expect(answered).toEqual(
        answered.map(() => `result to ${domainOf(idle.jid)}`),
      );
      // Still the first connection: never cut off, never reconnected.
      expect(tlsSocketOf(desk)).toBe(socket);
      expect(socket.destroyed).toBe(false);
      await desk.send(
        xml(
          "message",
          { type: "chat", to: users[0]!.jid, id: randomUUID() },
          xml("body", {}, "아직 여기 있어요"),
        ),
      );
      await web.next(
        (el) =>
          el.name === "message" &&
          el.getChildText("body") === "아직 여기 있어요",
        "the idle client's message",
      );
      // Under stream management the pings count like any other stanza: the client's next acknowledgement (the server
      // asks for one after answering this) covers them, and the server takes it, as the answer after it shows.
      const ping = () =>
        xml("iq", { type: "get" }, xml("ping", { xmlns: NS_PING }));
      const acks = () => sent.filter((s) => s.is("a", NS_SM)).length;
      expect((await desk.iq(ping())).attrs.type).toBe("result");
      const acked = acks();
      await until(() => acks() > acked, "an acknowledgement", TCP_WAIT_MS);
      expect((await desk.iq(ping())).attrs.type).toBe("result");
      expect(socket.destroyed).toBe(false);
    },
    TCP_TEST_MS,
  );
});
