/**
 * The inbound rate limit slows a fast sender by pausing its socket instead of disconnecting it; only input piling up
 * beyond the buffered-bytes cap closes the stream (docs/protocol.md §1 Inbound limits). A pasted burst of 1,000
 * messages, over WebSocket and over TCP with STARTTLS, is delivered whole and in order at the configured rate
 * (XMPP_INBOUND_RATE / XMPP_INBOUND_BURST, set small here to reach the limit in seconds).
 */
import { mkdtempSync } from "node:fs";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import xml, { type Element } from "@xmpp/xml";
import { NS_MUC, NS_SM, NS_STREAMS } from "@moa/shared";
import { xmppTcpPorts } from "../../app.js";
import {
  createTestServer,
  until,
  type TestServer,
} from "../../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  roomOf,
  type ChatUser,
} from "../testing/chat-fixture.js";
import { startStockClient } from "../testing/stock-client.js";

const RATE = 100;
const BURST = 50;
const MESSAGES = 1_000;
/**
 * The bucket admits BURST at once, then RATE a second: message i (from 0) cannot be admitted sooner than this after
 * the burst began, so it cannot reach anyone sooner. 20 ms for timer rounding.
 */
const earliestMs = (i: number) => ((i + 1 - BURST) / RATE) * 1000 - 20;

/** At least (1,000 - 50) / 100 = 9.5 s by design; a loaded machine adds its own delay. */
const SLOW_TEST_MS = 90_000;

let slow: TestServer;
let strict: TestServer;

beforeAll(async () => {
  // The embedded certificate is self-signed and @xmpp/client takes no TLS options: accept it (a real client pins it).
  // eslint-disable-next-line n/no-process-env -- the only way to reach @xmpp/client's TLS verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  [slow, strict] = await Promise.all([
    createTestServer({
      XMPP_INBOUND_RATE: String(RATE),
      XMPP_INBOUND_BURST: String(BURST),
      XMPP_PORT: "0",
      DATA_DIR: mkdtempSync(join(tmpdir(), "moa-inbound-")),
    }),
    createTestServer(
      {},
      {
        xmppLimits: {
          ratePerSecond: 50,
          rateBurst: 10,
          maxBufferedBytes: 4 * 1024,
        },
      },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([slow.close(), strict.close()]);
  // eslint-disable-next-line n/no-process-env -- undoes the setting above
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
});

/**
 * A client text frame (RFC 6455 §5.2) with an all-zero mask, so the payload goes as is.
 * @param text the payload, under 64 KiB.
 * @returns the frame.
 */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([
          0x81,
          0x80 | 126,
          payload.length >> 8,
          payload.length & 0xff,
        ]);
  return Buffer.concat([length, Buffer.alloc(4), payload]);
}

/** Polls a condition; a generous deadline, since a loaded machine processes the limited stream slower still. */

const message = (to: string, i: number) =>
  `<message xmlns="jabber:client" type="groupchat" to="${to}" id="m${i}"><body>n${i}</body></message>`;

const bodiesIn = (received: Element[]) =>
  received
    .filter(
      (el) =>
        el.name === "message" && /^n\d+$/.test(el.getChildText("body") ?? ""),
    )
    .map((el) => el.getChildText("body"));

const inOrder = Array.from({ length: MESSAGES }, (_, i) => `n${i}`);

/**
 * Notes when each burst message reaches a receiver.
 * @param ws the receiver's socket.
 * @returns arrival times (performance.now()) by message number.
 */
function arrivals(ws: WebSocket): number[] {
  const at: number[] = [];
  ws.on("message", (data) => {
    const n = /<body>n(\d+)<\/body>/.exec((data as Buffer).toString("utf8"));
    if (n) at[Number(n[1])] = performance.now();
  });
  return at;
}

/** Messages that arrived sooner than the rate allows; none when the limit holds. */
const tooEarly = (at: number[], started: number) =>
  at.flatMap((t, i) => (t - started < earliestMs(i) ? [i] : []));

describe("inbound rate limit", () => {
  it(
    "slows a WebSocket client that pastes 1,000 messages: every one is handled and delivered in order, at the configured rate, and it stays connected",
    async () => {
      const [alice, bob] = (await chatUsers(slow, 2)) as [ChatUser, ChatUser];
      const a = await connect(slow, alice);
      const b = await connect(slow, bob);
      const room = await createRoom(a, 2, [bob]);
      const to = roomOf(a, room);
      const arrived = arrivals(b.ws);
      a.send(`<enable xmlns="${NS_SM}"/>`);
      await a.next((el) => el.name === "enabled");
      const started = performance.now();
      for (let i = 0; i < MESSAGES; i += 1) a.send(message(to, i));
      // Stream management counts a message as handled only after its commit: h = 1,000 means none was lost.
      a.send(`<r xmlns="${NS_SM}"/>`);
      await until(
        () => a.received.some((el) => el.name === "a"),
        "an ack",
        60_000,
      );
      expect(a.received.find((el) => el.name === "a")?.attrs.h).toBe(
        String(MESSAGES),
      );
      await until(
        () => bodiesIn(b.received).length >= MESSAGES,
        "every message",
        60_000,
      );
      expect(bodiesIn(b.received)).toEqual(inOrder);
      expect(tooEarly(arrived, started)).toEqual([]);
      expect(bodiesIn(a.received)).toEqual(inOrder);
      expect(a.received.some((el) => el.name === "stream:error")).toBe(false);
      expect(a.ws.readyState).toBe(WebSocket.OPEN);
      await Promise.all([a.close(), b.close()]);
    },
    SLOW_TEST_MS,
  );

  it(
    "slows a TCP client (STARTTLS) that pastes 1,000 messages the same way: all delivered in order, at the configured rate, still connected",
    async () => {
      const [alice, bob] = (await chatUsers(slow, 2)) as [ChatUser, ChatUser];
      const web = await connect(slow, alice);
      const room = roomOf(web, await createRoom(web, 2, [bob]));
      const arrived = arrivals(web.ws);
      const desk = await startStockClient(slow.url, bob, "desk", {
        service: `xmpp://127.0.0.1:${String(xmppTcpPorts(slow.app).starttls)}`,
        password: bob.password,
        mechanism: "PLAIN",
      });
      let streamError = false;
      desk.xmpp.on("element", (el: Element) => {
        if (el.name === "stream:error") streamError = true;
      });
      await desk.send(
        xml("presence", { to: `${room}/bob` }, xml("x", { xmlns: NS_MUC })),
      );
      await desk.next(
        (el) => el.is("presence") && el.attrs.from === `${room}/${bob.name}`,
        "own presence in the room",
      );
      const started = performance.now();
      await Promise.all(
        Array.from({ length: MESSAGES }, (_, i) =>
          desk.send(
            xml(
              "message",
              { type: "groupchat", to: room, id: `t${i}` },
              xml("body", {}, `n${i}`),
            ),
          ),
        ),
      );
      await until(
        () => bodiesIn(web.received).length >= MESSAGES,
        "every message",
        60_000,
      );
      expect(bodiesIn(web.received)).toEqual(inOrder);
      expect(tooEarly(arrived, started)).toEqual([]);
      expect(streamError).toBe(false);
      expect(desk.xmpp.status).toBe("online");
      await Promise.all([desk.stop(), web.close()]);
    },
    SLOW_TEST_MS,
  );

  it("disconnects with policy-violation a client whose unread input outgrows the buffer", async () => {
    const [alice, bob] = (await chatUsers(strict, 2)) as [ChatUser, ChatUser];
    const a = await connect(strict, alice);
    const room = await createRoom(a, 2, [bob]);
    const to = roomOf(a, room);
    // One write of many frames arrives in one read, past the 4 KiB cap before pausing can take effect.
    const frames = Array.from({ length: 200 }, (_, i) =>
      maskedTextFrame(message(to, i)),
    );
    (a.ws as unknown as { _socket: Socket })._socket.write(
      Buffer.concat(frames),
    );
    await a.closed;
    const error = a.received.find((el) => el.name === "stream:error");
    expect(error?.getChild("policy-violation", NS_STREAMS)).toBeDefined();
  });
});
