/**
 * FILE messages naming a webhard link: only the sender's own link is relayed, with the webhard's record of the
 * file; the recipient opens it on this server. Real server, real sockets, real webhard store.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Element } from "@xmpp/xml";
import {
  NS_MOA_CHAT,
  parseWebhardLinkExtension,
  webhardLinkDownloadPath,
} from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhardRepository } from "../../db/repositories/webhard.repository.js";
import { LocalFileStorage } from "../../storage/local-file-storage.js";
import {
  createTestServer,
  encryptPassword,
  fetchPasswordKey,
  type TestServer,
} from "../../testing/index.js";
import { apiClient } from "../../testing/workplace.js";
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

const root = mkdtempSync(join(tmpdir(), "moa-webhard-links-"));
const storage = new LocalFileStorage(root);
let server: TestServer;
let users: ChatUser[];
let a: RawClient;
let b: RawClient;
let fileIds: { open: number; hidden: number };

/** Stores a webhard file of the users' company in the root folder. */
async function addFile(name: string, roleDownload: number) {
  const pending = await storage.write(
    `webhard/${name}`,
    Readable.from([Buffer.from(`body of ${name}`)]),
  );
  await pending.commit();
  const companyId = users[0]!.companyId;
  return new WebhardRepository(server.database.db).addFile(
    companyId,
    {
      folderId: null,
      ownerId: null,
      name,
      size: pending.size,
      storageKey: pending.key,
      roleDownload,
    },
    new Date("2025-03-01T00:00:00Z"),
  );
}

/** Logs a user in to the webhard and makes links to files; returns their tokens. */
async function linksOf(user: ChatUser, ids: number[]): Promise<string[]> {
  const api = apiClient(server.url, user.accessToken);
  const userInfo = { corpSeq: user.companyId, usrKey: user.id };
  const key = await fetchPasswordKey(server.url, user.domain);
  await api("POST", "/external/webhard/v1/login/auth", {
    userInfo,
    id: user.loginId,
    token: encryptPassword(key, user.password),
  });
  const res = await api("POST", "/external/webhard/v1/files/download", {
    userInfo,
    fileIds: ids,
  });
  return (res.body.links as { url: string }[]).map(
    (l) => l.url.split("/").pop() ?? "",
  );
}

const linkMessage = (token: unknown) =>
  `<extensions xmlns="${NS_MOA_CHAT}">${JSON.stringify({
    contentType: "FILE",
    webhardLink: token,
    fileName: "invoice.pdf",
    fileSizeOrg: 1,
    fileDownUrl: "http://127.0.0.1:9/steal",
  })}</extensions>`;

const linkOf = (el: Element) =>
  parseWebhardLinkExtension(el.getChildText("extensions", NS_MOA_CHAT));

/** Sends a message and waits for its reflection or its error. */
async function attempt(c: RawClient, room: string, extra: string) {
  const id = `w-${Math.random().toString(36).slice(2)}`;
  c.send(
    `<message xmlns="jabber:client" type="groupchat" to="${roomOf(c, room)}" id="${id}"><body>invoice.pdf</body>${extra}</message>`,
  );
  return c.next((el) => el.name === "message" && el.attrs.id === id);
}

beforeAll(async () => {
  server = await createTestServer({}, { workplace: { storage } });
  users = await chatUsers(server, 2);
  const open = await addFile("회의록.docx", 0);
  const hidden = await addFile("급여 대장.xlsx", 1);
  fileIds = { open: open.id, hidden: hidden.id };
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

describe("webhard link messages", () => {
  it("are stored and delivered with the webhard's record, and the recipient opens the file", async () => {
    const room = await createRoom(a, 2, [users[1]!]);
    await heard(b, room, "INVITE");
    const [token = ""] = await linksOf(users[0]!, [fileIds.open]);
    const size = Buffer.byteLength("body of 회의록.docx");
    const expected = {
      fileName: "회의록.docx",
      fileSize: `${(size / 1024).toFixed(2)} KB`,
      fileSizeOrg: size,
      webhardLink: token,
    };

    const reflection = await say(a, room, "invoice.pdf", linkMessage(token));
    expect(reflection.getChildText("body")).toBe("회의록.docx");
    expect(linkOf(reflection)).toEqual(expected);
    const atB = await heard(b, room, "회의록.docx");
    expect(linkOf(atB)).toEqual(expected);
    expect(atB.toString()).not.toContain("127.0.0.1:9");
    const history = await mam(b, roomOf(b, room));
    expect(
      history.messages
        .map(linkOf)
        .filter((l) => l !== null)
        .map((l) => l.fileName),
    ).toEqual(["회의록.docx"]);

    const got = await fetch(`${server.url}${webhardLinkDownloadPath(token)}`, {
      headers: { authorization: `Bearer ${users[1]!.accessToken}` },
    });
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("body of 회의록.docx");
  });

  it("refuses another user's link, an unknown one, a non-downloadable file's and a malformed one; nothing is stored", async () => {
    const room = await createRoom(a, 2, [users[1]!]);
    await heard(b, room, "INVITE");
    const [own = ""] = await linksOf(users[0]!, [fileIds.open]);
    // Making a link to a file that may not be downloaded is refused outright.
    const api = apiClient(server.url, users[0]!.accessToken);
    const hidden = await api("POST", "/external/webhard/v1/files/download", {
      userInfo: { corpSeq: users[0]!.companyId, usrKey: users[0]!.id },
      fileIds: [fileIds.hidden],
    });
    expect(hidden.status).toBe(404);

    // b relays a's link: not b's own.
    const foreign = await attempt(b, room, linkMessage(own));
    expect(errorOf(foreign)).toBe("item-not-found/file_not_found");
    const unknown = await attempt(a, room, linkMessage("A".repeat(32)));
    expect(errorOf(unknown)).toBe("item-not-found/file_not_found");
    const malformed = await attempt(a, room, linkMessage("../../etc"));
    expect(errorOf(malformed)).toBe("bad-request/invalid_input");

    await say(a, room, "after the refusals");
    await heard(b, room, "after the refusals");
    const history = await mam(b, roomOf(b, room));
    expect(history.messages.map(linkOf).filter((l) => l !== null)).toEqual([]);
  });
});
