/**
 * A chat client that stops reading its connection (a stuck process, a bot that never reads) while its rooms keep
 * talking is cut off once its unread output in the server passes the limit, instead of growing the server's memory
 * until the process dies; it goes offline for its colleagues, the senders are not slowed, and what it missed is in the
 * archive when it reconnects (docs/protocol.md, "Slow readers"). Over WebSocket and over TCP (STARTTLS).
 */
import { mkdtempSync } from "node:fs";
import { once } from "node:events";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NS_SID, NS_SM } from "@moa/shared";
import { xmppTcpPorts } from "../../app.js";
import {
  createTestServer,
  until,
  type TestServer,
} from "../../testing/index.js";
import {
  chatUsers,
  createRoom,
  mam,
  OpenClients,
  presenceSnapshot,
  roomOf,
  say,
  type ChatUser,
} from "../testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../testing/raw-client.js";
import { startStockClient } from "../testing/stock-client.js";

// Small, so that the operating system's socket buffers (a few MiB on loopback) are the larger part of what the test
// sends before the cut.
const OUTPUT_LIMIT = 64 * 1024;
const BODY = "가".repeat(2_000); // 6 kB in UTF-8
const BURST = 40;
// Far beyond what a stuck client holds in kernel buffers and the limit together (about 30 MB of messages).
const MAX_BURSTS = 120;
// Sending megabytes through the archive takes seconds, and many more on a loaded machine.
const SLOW_TEST_MS = 120_000;

let server: TestServer;
let users: ChatUser[];
const clients = new OpenClients();

beforeAll(async () => {
  // The embedded certificate is self-signed and @xmpp/client takes no TLS options: accept it (a real client pins it).
  // eslint-disable-next-line n/no-process-env -- the only way to reach @xmpp/client's TLS verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  server = await createTestServer(
    { XMPP_PORT: "0", DATA_DIR: mkdtempSync(join(tmpdir(), "moa-output-")) },
    // No keep-alive round within the test: only the output limit can cut the stuck client off. The TCP client uses
    // stream management, whose session outlives a cut by the resumption window: a shorter one than the default, yet
    // long enough for a client on a loaded machine to log in again and ask to resume.
    {
      xmppLimits: {
        maxOutputBytes: OUTPUT_LIMIT,
        keepAliveMs: 600_000,
        resumeTimeoutSeconds: 15,
      },
    },
  );
  users = await chatUsers(server, 4);
});
afterAll(async () => {
  await clients.closeAll();
  await server.close();
  // eslint-disable-next-line n/no-process-env -- undoes the setting above
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
});

/** A member who stops reading: their socket stays open and answers nothing, and nothing is read from it. */
type StuckReader = {
  /** Stops reading. */
  pause(): void;
  /** Reads again: what the operating system buffered arrives, then the close. */
  resume(): void;
  /** Resolves when the socket has closed. */
  closed: Promise<unknown>;
};

/**
 * Sends long messages into a room with a stuck member until the server reports that member offline.
 * @param stuck the stuck member (already in the room, watched by nobody yet).
 * @param talker the sender's connection.
 * @param room the room name.
 * @param reader the stuck member's connection.
 * @returns how many messages were sent; each was acknowledged.
 */
async function talkPastTheLimit(
  stuck: ChatUser,
  talker: RawClient,
  room: string,
  reader: StuckReader,
): Promise<number> {
  await presenceSnapshot(talker, stuck.jid);
  const wentOffline = () =>
    talker.received.some(
      (el) =>
        el.name === "presence" &&
        String(el.attrs.from).startsWith(`${stuck.jid}/`) &&
        el.attrs.type === "unavailable",
    );
  reader.pause();
  let sent = 0;
  for (let burst = 0; burst < MAX_BURSTS && !wentOffline(); burst++) {
    for (let i = 1; i < BURST; i++, sent++)
      talker.send(
        `<message xmlns="jabber:client" type="groupchat" to="${roomOf(talker, room)}" id="m${sent}"><body>${sent} ${BODY}</body><origin-id xmlns="${NS_SID}" id="o${sent}"/></message>`,
      );
    // The last of the burst waits for its acknowledgement: the sender is never slowed down by the stuck reader.
    await say(talker, room, `${sent} ${BODY}`);
    sent++;
  }
  // Under stream management only once the resumption window has passed.
  await until(wentOffline, "the stuck member's unavailable presence", 60_000);
  reader.resume();
  await reader.closed;
  return sent;
}

/** The newest message body of a room, as the member reads it after reconnecting over WebSocket. */
async function lastInArchive(member: ChatUser, room: string): Promise<string> {
  const back = await clients.connect(server, member, "pc-back");
  const { messages } = await mam(back, roomOf(back, room), {
    max: 1,
    before: true,
  });
  return messages[0]?.getChildText("body") ?? "";
}

describe("a client that stops reading", () => {
  it(
    "is cut off over WebSocket at the output limit, goes offline, and finds everything in the archive when it comes back",
    async () => {
      const [sender, stuck] = users as [ChatUser, ChatUser];
      const talker = await clients.connect(server, sender, "pc-talk");
      const reader = await clients.connect(server, stuck, "pc-stuck");
      const room = await createRoom(talker, 2, [stuck]);
      const sent = await talkPastTheLimit(stuck, talker, room, {
        pause: () => reader.ws.pause(),
        resume: () => reader.ws.resume(),
        closed: reader.closed,
      });
      // Cut off, not closed with a handshake.
      expect(await reader.closed).toBe(1006);
      expect(await lastInArchive(stuck, room)).toBe(`${sent - 1} ${BODY}`);
    },
    SLOW_TEST_MS,
  );

  it(
    "is cut off over TCP the same way",
    async () => {
      const [, , sender, stuck] = users as [
        ChatUser,
        ChatUser,
        ChatUser,
        ChatUser,
      ];
      const talker = await clients.connect(server, sender, "pc-talk");
      const room = await createRoom(talker, 2, [stuck]);
      // A Moa desktop resource over TCP (the library enables stream management): the server tracks its presence as it
      // does the web client's.
      const desk = await startStockClient(server.url, stuck, "pc-desk", {
        service: `xmpp://127.0.0.1:${String(xmppTcpPorts(server.app).starttls)}`,
        password: stuck.password,
        mechanism: "PLAIN",
      });
      // After STARTTLS the client's socket wraps Node's TLS socket; pausing that stops reading from TCP.
      const socket = (desk.xmpp as unknown as { socket: { socket: Socket } })
        .socket.socket;
      const closed = once(socket, "close");
      const sent = await talkPastTheLimit(stuck, talker, room, {
        pause: () => socket.pause(),
        resume: () => socket.resume(),
        closed,
      });
      expect(await lastInArchive(stuck, room)).toBe(`${sent - 1} ${BODY}`);
      await desk.stop();
    },
    SLOW_TEST_MS,
  );

  it("is never given a history page larger than a quarter of the limit: long messages come in more, smaller pages", async () => {
    const [sender, member] = users as [ChatUser, ChatUser];
    const talker = await clients.connect(server, sender, "pc-talk-2");
    const room = await createRoom(talker, 2, [member]);
    const bodies: string[] = [];
    for (let i = 0; i < 12; i++) {
      bodies.push(`${i} ${BODY}`);
      await say(talker, room, `${i} ${BODY}`);
    }
    const reader = await clients.connect(server, member, "pc-pages");
    const roomJid = roomOf(reader, room);
    // Back from the newest, as the web client scrolls up: each page's first id is the next page's "before".
    const read: string[] = [];
    const pages: number[] = [];
    let before: string | true = true;
    for (let guard = 0; guard < 20; guard++) {
      const { messages, fin } = await mam(reader, roomJid, {
        max: 100,
        before,
      });
      const long = messages
        .map((m) => m.getChildText("body") ?? "")
        .filter((b) => b.endsWith(BODY));
      pages.push(long.length);
      read.unshift(...long);
      if (fin.attrs.complete === "true") break;
      before = fin.getChild("set")?.getChildText("first") ?? "";
    }
    // 6 kB messages against a 16 KiB budget: two a page (the oldest page also holds the room's creation notice).
    expect(pages).toEqual([2, 2, 2, 2, 2, 2]);
    expect(read).toEqual(bodies);
    // Forward from the oldest, as a reconnecting client catches up: each page's last id is the next page's "after".
    const caughtUp: string[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const { messages, fin } = await mam(
        reader,
        roomJid,
        after === undefined ? { max: 100 } : { max: 100, after },
      );
      caughtUp.push(
        ...messages
          .map((m) => m.getChildText("body") ?? "")
          .filter((b) => b.endsWith(BODY)),
      );
      if (fin.attrs.complete === "true") break;
      after = fin.getChild("set")?.getChildText("last") ?? "";
    }
    expect(caughtUp).toEqual(bodies);
    expect(reader.ws.readyState).toBe(reader.ws.OPEN);
  });

  it("is not resumed with more missed than a connection may hold: it binds anew and catches up through MAM", async () => {
    const [sender, member] = users as [ChatUser, ChatUser];
    const talker = await clients.connect(server, sender, "pc-talk-3");
    const room = await createRoom(talker, 2, [member]);
    const away = await clients.connect(server, member, "pc-sm");
    away.send(`<enable xmlns="${NS_SM}" resume="true"/>`);
    const previd = String(
      (await away.next((el) => el.name === "enabled")).attrs.id,
    );
    // Eight 6 kB messages it never acknowledges: more than half the 64 KiB limit.
    for (let i = 0; i < 8; i++) await say(talker, room, `${i} ${BODY}`);
    await away.next(
      (el) => el.getChildText("body") === `7 ${BODY}`,
      "the last message",
    );
    away.ws.terminate();
    await away.closed;

    const again = await loginRaw(server.url, member, null);
    again.send(`<resume xmlns="${NS_SM}" previd="${previd}" h="0"/>`);
    const failed = await again.next((el) => el.name === "failed");
    expect(failed.getChildElements().map((el) => el.name)).toEqual([
      "resource-constraint",
    ]);
    await again.close();
    expect(await lastInArchive(member, room)).toBe(`7 ${BODY}`);
  });
});
