/**
 * The inbound rate limit slows a fast sender by pausing its socket instead of disconnecting it; only input piling up
 * beyond the buffered-bytes cap closes the stream (docs/protocol.md §1 Inbound limits). Small limits here reach the
 * behaviour in seconds.
 */
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { NS_STREAMS } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  roomOf,
  type ChatUser,
} from "../testing/chat-fixture.js";

const RATE = 50;
const BURST = 10;
const MESSAGES = 150;

let slow: TestServer;
let strict: TestServer;

beforeAll(async () => {
  [slow, strict] = await Promise.all([
    createTestServer(
      {},
      { xmppLimits: { ratePerSecond: RATE, rateBurst: BURST } },
    ),
    createTestServer(
      {},
      {
        xmppLimits: {
          ratePerSecond: RATE,
          rateBurst: BURST,
          maxBufferedBytes: 4 * 1024,
        },
      },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([slow.close(), strict.close()]);
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
async function until(done: () => boolean, deadlineMs = 20_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const message = (to: string, i: number) =>
  `<message xmlns="jabber:client" type="groupchat" to="${to}" id="m${i}"><body>n${i}</body></message>`;

describe("inbound rate limit", () => {
  it("slows a client that sends too fast: every message arrives, in order, at the limited rate, and it stays connected", async () => {
    const [alice, bob] = (await chatUsers(slow, 2)) as [ChatUser, ChatUser];
    const a = await connect(slow, alice);
    const b = await connect(slow, bob);
    const room = await createRoom(a, 2, [bob]);
    const to = roomOf(a, room);
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i += 1) a.send(message(to, i));
    await until(() =>
      a.received.some(
        (el) => el.name === "message" && el.attrs.id === `m${MESSAGES - 1}`,
      ),
    );
    const elapsed = performance.now() - started;
    // The bucket admits BURST at once, then RATE per second: (150 - 10) / 50 = 2.8 s at least; 2 s leaves margin.
    expect(elapsed).toBeGreaterThan(2_000);
    const bodies = () =>
      b.received
        .filter(
          (el) =>
            el.name === "message" &&
            /^n\d+$/.test(el.getChildText("body") ?? ""),
        )
        .map((el) => el.getChildText("body"));
    await until(() => bodies().length >= MESSAGES);
    expect(bodies()).toEqual(
      Array.from({ length: MESSAGES }, (_, i) => `n${i}`),
    );
    expect(a.received.some((el) => el.name === "stream:error")).toBe(false);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    await Promise.all([a.close(), b.close()]);
  });

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
