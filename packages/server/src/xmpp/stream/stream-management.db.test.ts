/** XEP-0198 stream management over a real socket: acks count committed stanzas, resumption replays what a dropped client missed, and MAM catch-up. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NS_SM } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  heard,
  mam,
  say,
  stanzaId,
  type ChatUser,
} from "../testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../testing/raw-client.js";

let server: TestServer;
let alice: ChatUser;
let bob: ChatUser;
let a: RawClient;

beforeAll(async () => {
  server = await createTestServer();
  [alice, bob] = (await chatUsers(server, 2)) as [ChatUser, ChatUser];
  a = await connect(server, alice);
});
afterAll(async () => {
  await a.close();
  await server.close();
});

async function enableSm(c: RawClient): Promise<string> {
  c.send(`<enable xmlns="${NS_SM}" resume="true"/>`);
  const enabled = await c.next((el) => el.name === "enabled");
  expect(enabled.attrs.resume).toBe("true");
  return String(enabled.attrs.id);
}

describe("stream management", () => {
  it("acknowledges handled stanzas with <a h/>", async () => {
    const b = await connect(server, bob, "sm-ack");
    await enableSm(b);
    const room = await createRoom(b, 2, [alice]);
    await say(b, room, "counted");
    b.send(`<r xmlns="${NS_SM}"/>`);
    const ack = await b.next((el) => el.name === "a");
    expect(ack.attrs.h).toBe("2"); // the create iq and the message
    await b.close();
  });

  it("asks a client that got a few stanzas to acknowledge them after a while", async () => {
    const b = await connect(server, bob, "sm-quiet");
    await enableSm(b);
    const room = await createRoom(a, 2, [bob]);
    await say(a, room, "one of few");
    await heard(b, room, "one of few");
    // Far fewer than the count that triggers a request: only the timer asks.
    await b.next((el) => el.name === "r" && el.attrs.xmlns === NS_SM, "<r/>");
    // Stanzas count from <enabled/> on (nonzas such as <r/> do not).
    const delivered = b.received
      .slice(b.received.findIndex((el) => el.name === "enabled"))
      .filter((el) => ["message", "presence", "iq"].includes(el.name)).length;
    expect(delivered).toBeLessThan(128);
    b.send(`<a xmlns="${NS_SM}" h="${String(delivered)}"/>`);
    // A correct count is accepted: the stream stays up and answers.
    b.send(`<r xmlns="${NS_SM}"/>`);
    await b.next((el) => el.name === "a");
    await b.close();
  });

  it("asks a client that keeps getting a stanza more often than every 2 s, long before 128 are waiting", async () => {
    const b = await connect(server, bob, "sm-busy");
    await enableSm(b);
    const room = await createRoom(a, 2, [bob]);
    const asked = () =>
      b.received.some((el) => el.name === "r" && el.attrs.xmlns === NS_SM);
    let sent = 0;
    // The traffic this is about: a message every half second, each heard before the next is sent.
    while (!asked() && sent < 40) {
      sent += 1;
      await say(a, room, `busy ${String(sent)}`);
      await heard(b, room, `busy ${String(sent)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(asked()).toBe(true);
    await b.close();
  });

  it("resumes a dropped session and replays the stanzas it had not acknowledged", async () => {
    const room = await createRoom(a, 2, [bob]);
    const b = await connect(server, bob, "sm-resume");
    const previd = await enableSm(b);
    await say(a, room, "seen");
    await heard(b, room, "seen");
    b.send(`<a xmlns="${NS_SM}" h="0"/>`);
    b.send(`<r xmlns="${NS_SM}"/>`);
    await b.next((el) => el.name === "a");
    b.ws.terminate();
    await b.closed;
    await say(a, room, "missed 1");
    await say(a, room, "missed 2");

    const again = await loginRaw(server.url, bob, null);
    again.send(`<resume xmlns="${NS_SM}" previd="${previd}" h="1"/>`);
    const resumed = await again.next((el) => el.name === "resumed");
    expect(resumed.attrs.previd).toBe(previd);
    await heard(again, room, "missed 1");
    await heard(again, room, "missed 2");
    expect(
      again.received.filter((el) => el.getChildText("body") === "seen"),
    ).toHaveLength(0);
    await again.close();
  });

  it("refuses an unknown resumption id, after which the client binds and catches up through MAM", async () => {
    const b = await connect(server, bob, "catch-up");
    const room = await createRoom(a, 2, [bob]);
    const last = await heard(b, room, "INVITE");
    await b.close();
    await say(a, room, "while away 1");
    await say(a, room, "while away 2");

    const again = await loginRaw(server.url, bob, null);
    again.send(`<resume xmlns="${NS_SM}" previd="nope" h="0"/>`);
    await again.next((el) => el.name === "failed");
    await again.close();
    const fresh = await connect(server, bob, "catch-up");
    const { messages } = await mam(fresh, bob.jid, { after: stanzaId(last) });
    expect(messages.map((m) => m.getChildText("body"))).toEqual([
      "while away 1",
      "while away 2",
    ]);
    await fresh.close();
  });
});
