/**
 * FILE messages carry the server's record of the file (issue #11): a sender cannot point members' clients at
 * another host, rename a file, or announce a file of another room. Real server, real sockets, real uploads.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Element } from "@xmpp/xml";
import { NS_MOA_CHAT, parseFileExtension } from "@moa/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileStorage } from "../../storage/local-file-storage.js";
import { createTestServer, type TestServer } from "../../testing/index.js";
import type { RawClient } from "../testing/raw-client.js";
import {
  chatUsers,
  connect,
  createRoom,
  errorOf,
  heard,
  mam,
  roomOf,
  say,
  type ChatUser,
} from "../testing/chat-fixture.js";

const root = mkdtempSync(join(tmpdir(), "moa-file-messages-"));
const FORGED = "http://127.0.0.1:9/steal";
let server: TestServer;
let users: ChatUser[];
let a: RawClient;
let b: RawClient;

beforeAll(async () => {
  server = await createTestServer(
    {},
    { workplace: { storage: new LocalFileStorage(root) } },
  );
  users = await chatUsers(server, 3);
  [a, b] = await Promise.all([
    connect(server, users[0]!),
    connect(server, users[1]!),
  ]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** Uploads one file into a room over HTTP, as the web client does; returns its file number. */
async function upload(
  user: ChatUser,
  room: string,
  name: string,
  type: string,
  data: Uint8Array,
): Promise<number> {
  const form = new FormData();
  form.append("roomname", room);
  form.append(
    "multipartFile",
    new Blob([new Uint8Array(data)], { type }),
    name,
  );
  const res = await fetch(
    `${server.url}/fileupload/Common/uploadMsnAndMobile.on21`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    },
  );
  const body = (await res.json()) as { multipartFile: { fileno: number }[] };
  const fileno = body.multipartFile[0]?.fileno;
  if (fileno === undefined) throw new Error(`upload failed: ${res.status}`);
  return fileno;
}

/** A FILE message's extensions with every URL and name field forged. */
const forged = (fileno: number) =>
  `<extensions xmlns="${NS_MOA_CHAT}">${JSON.stringify({
    contentType: "FILE",
    fileName: "invoice.pdf",
    fileSize: "1.00 KB",
    fileSizeOrg: 1024,
    fileno,
    fileDownUrl: FORGED,
    thumbUrl: `${FORGED}.png`,
  })}</extensions>`;

const fileOf = (el: Element) =>
  parseFileExtension(el.getChildText("extensions", NS_MOA_CHAT));

/** Sends a message and waits for its reflection or its error. */
async function attempt(c: RawClient, room: string, extra: string) {
  const id = `f-${Math.random().toString(36).slice(2)}`;
  c.send(
    `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c, room)}" id="${id}"><body>invoice.pdf</body>${extra}</message>`,
  );
  return c.next((el) => el.name === "message" && el.attrs.id === id);
}

describe("FILE messages", () => {
  it("are stored and delivered with the server's file record, whatever the sender wrote", async () => {
    const room = await createRoom(a, 2, [users[1]!]);
    await heard(b, room, "INVITE");
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#36c" },
    })
      .png()
      .toBuffer();
    const fileno = await upload(users[0]!, room, "photo.png", "image/png", png);

    const reflection = await say(a, room, "invoice.pdf", forged(fileno));
    const expected = {
      fileName: "photo.png",
      fileSize: `${(png.length / 1024).toFixed(2)} KB`,
      fileSizeOrg: png.length,
      fileno,
      fileDownUrl: "/fileupload/Common/download.on21",
      thumbUrl: `/fileupload/Common/thumbnail.on21?roomname=${encodeURIComponent(room)}&fileno=${String(fileno)}`,
    };
    expect(fileOf(reflection)).toEqual(expected);
    expect(reflection.getChildText("body")).toBe("photo.png");

    const atB = await heard(b, room, "photo.png");
    expect(fileOf(atB)).toEqual(expected);
    expect(atB.toString()).not.toContain(FORGED);

    const history = await mam(b, roomOf(b, room));
    const archived = history.messages.filter(
      (m) => m.getChild("chat", NS_MOA_CHAT)?.attrs["content-type"] === "FILE",
    );
    expect(archived.map(fileOf)).toEqual([expected]);

    // The links work on this server for the recipient.
    const thumb = await fetch(`${server.url}${expected.thumbUrl}`, {
      headers: { authorization: `Bearer ${users[1]!.accessToken}` },
    });
    expect(thumb.headers.get("content-type")).toBe("image/webp");
  });

  it("refuses a file number that was never uploaded, or was uploaded to another room; nothing is stored", async () => {
    const room = await createRoom(a, 2, [users[1]!]);
    await heard(b, room, "INVITE");
    const other = await createRoom(a, 2, [users[2]!]);
    const foreign = await upload(
      users[0]!,
      other,
      "secret.txt",
      "text/plain",
      new TextEncoder().encode("other room"),
    );

    const unknown = await attempt(a, room, forged(foreign + 1000));
    expect(unknown.attrs.type).toBe("error");
    expect(errorOf(unknown)).toBe("item-not-found/file_not_found");
    const elsewhere = await attempt(a, room, forged(foreign));
    expect(errorOf(elsewhere)).toBe("item-not-found/file_not_found");
    const without = await attempt(
      a,
      room,
      `<extensions xmlns="${NS_MOA_CHAT}">{"contentType":"FILE","fileDownUrl":"${FORGED}"}</extensions>`,
    );
    expect(errorOf(without)).toBe("bad-request/invalid_input");

    // A later message arrives at the recipient with nothing refused before it.
    await say(a, room, "after the refusals");
    await heard(b, room, "after the refusals");
    const history = await mam(b, roomOf(b, room));
    expect(
      history.messages.filter(
        (m) =>
          m.getChild("chat", NS_MOA_CHAT)?.attrs["content-type"] === "FILE",
      ),
    ).toEqual([]);
    expect(
      b.received.some((el) => el.getChildText("body") === "invoice.pdf"),
    ).toBe(false);
  });
});
