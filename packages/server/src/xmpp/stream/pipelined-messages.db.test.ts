/**
 * A connection's chat messages overlap (the next starts once the last is queued for the archive), over a real socket:
 * order, per-message errors, and XEP-0198 counts that cover only committed messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NS_SID, NS_SM } from "@moa/shared";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  errorOf,
  mam,
  roomOf,
  type ChatUser,
} from "../testing/chat-fixture.js";
import { loginRaw, type RawClient } from "../testing/raw-client.js";

let server: TestServer;
let alice: ChatUser;
let bob: ChatUser;
let carol: ChatUser;

beforeAll(async () => {
  server = await createTestServer();
  [alice, bob, carol] = (await chatUsers(server, 3)) as [
    ChatUser,
    ChatUser,
    ChatUser,
  ];
});
afterAll(async () => {
  await server.close();
});

async function enableSm(c: RawClient): Promise<string> {
  c.send(`<enable xmlns="${NS_SM}" resume="true"/>`);
  const enabled = await c.next((el) => el.name === "enabled");
  return String(enabled.attrs.id);
}

const message = (c: RawClient, room: string, id: string, body: string) =>
  `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c, room)}" id="${id}"><body>${body}</body><origin-id xmlns="${NS_SID}" id="${id}"/></message>`;

/** The bodies of a room's history that start with prefix, oldest first. */
async function bodies(
  c: RawClient,
  roomJid: string,
  prefix: string,
): Promise<string[]> {
  const { messages } = await mam(c, roomJid, { max: 100 });
  return messages
    .map((m) => m.getChildText("body") ?? "")
    .filter((b) => b.startsWith(prefix));
}

describe("a connection's messages in flight together", () => {
  it("stores a burst in the order sent, answers a refused one with its error, and acknowledges only what is stored", async () => {
    const b = await connect(server, bob, "burst");
    await enableSm(b);
    const room = await createRoom(b, 2, [alice]);
    const notHis = await createRoom(await connect(server, carol, "other"), 2, [
      alice,
    ]);
    const sent = Array.from({ length: 40 }, (_, i) => `burst ${i}`);
    // Sent back to back (one stanza per WebSocket message, RFC 7395): the server reads them together.
    sent.forEach((body, i) =>
      b.send(
        i === 20
          ? message(b, notHis, "refused", "not a member")
          : message(b, room, `m${i}`, body),
      ),
    );
    b.send(`<r xmlns="${NS_SM}"/>`);
    const ack = await b.next(
      (el) => el.name === "a" && el.attrs.xmlns === NS_SM,
    );
    // The create iq and all 40 messages (the refused one is handled too), and every stored one is in history by now.
    expect(ack.attrs.h).toBe("41");
    const expected = sent.filter((_, i) => i !== 20);
    expect(await bodies(b, roomOf(b, room), "burst ")).toEqual(expected);
    const refused = await b.next(
      (el) => el.name === "message" && el.attrs.id === "refused",
    );
    expect(errorOf(refused)).toMatch(/not_member/);
    // The reflections (each message's acknowledgement) come in the order sent.
    const reflected = b.received
      .filter((el) => el.name === "message" && el.attrs.type === "groupchat")
      .map((el) => el.getChildText("body") ?? "")
      .filter((body) => body.startsWith("burst "));
    expect(reflected).toEqual(expected);
    await b.close();
  });

  it("resumes a session taken over mid-burst with an h that counts exactly the messages stored", async () => {
    const b = await connect(server, bob, "taken-over");
    const previd = await enableSm(b);
    const room = await createRoom(b, 2, [alice]);
    // A second stream, ready to resume, takes the session while the server is still on the burst (as after a socket
    // drop the client has not noticed): what the old stream had not handled is dropped, and h must say so.
    const again = await loginRaw(server.url, bob, null);
    for (let i = 0; i < 30; i += 1)
      b.send(message(b, room, `d${i}`, `dropped ${i}`));
    again.send(`<resume xmlns="${NS_SM}" previd="${previd}" h="0"/>`);
    const resumed = await again.next((el) => el.name === "resumed");
    const stored = await bodies(again, roomOf(b, room), "dropped ");
    // h counts the create iq and every stored message: the client resends exactly the others.
    expect(Number(resumed.attrs.h) - 1).toBe(stored.length);
    expect(stored).toEqual(
      Array.from({ length: stored.length }, (_, i) => `dropped ${i}`),
    );
    await again.close();
  });
});
