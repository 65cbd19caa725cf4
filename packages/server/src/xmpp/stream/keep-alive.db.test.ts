/**
 * A chat WebSocket whose peer stops answering (a laptop put to sleep, a dropped network, a frozen process) is cut off
 * and its user goes offline for the people watching, instead of staying online until the access token expires; a
 * peer that answers the server's pings stays connected however long it is idle (docs/protocol.md §1 Keep-alive).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NS_MOA_PRESENCE } from "@moa/shared";
import {
  createTestServer,
  until,
  type TestServer,
} from "../../testing/index.js";
import {
  chatUsers,
  OpenClients,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";

// Short enough to see several rounds in a test; long enough that a loaded machine still answers in time.
const PING_MS = 2_000;

let server: TestServer;
let users: ChatUser[];
const clients = new OpenClients();

beforeAll(async () => {
  server = await createTestServer({}, { xmppLimits: { keepAliveMs: PING_MS } });
  users = await chatUsers(server, 3);
});
afterAll(async () => {
  await clients.closeAll();
  await server.close();
});

const client = (i: number, resource: string): Promise<RawClient> =>
  clients.connect(server, users[i]!, resource);

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
    const snapshot = await watcher.iq(
      "set",
      `<subscribe xmlns="${NS_MOA_PRESENCE}"><item jid="${users[1]!.jid}"/></subscribe>`,
    );
    expect(
      snapshot
        .getChild("subscribe", NS_MOA_PRESENCE)!
        .getChildren("item")
        .map((i) => i.attrs.show as string),
    ).toEqual(["on"]);
    // The socket stays open but nothing is read: no pong goes back, as from a machine that went to sleep.
    sleeper.ws.pause();
    await until(
      () =>
        watcher.received.some(
          (el) =>
            el.name === "presence" &&
            el.attrs.from === `${users[1]!.jid}/pc` &&
            el.attrs.type === "unavailable",
        ),
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
