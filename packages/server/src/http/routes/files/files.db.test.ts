import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../../../db/repositories/companies.repository.js";
import { LocalFileStorage } from "../../../storage/local-file-storage.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
  type TestUser,
} from "../../../testing/index.js";
import { createRoomWith } from "../../../testing/workplace.js";

const MAX_BYTES = 64 * 1024;
let now = new Date("2025-03-10T00:00:00Z");
const root = mkdtempSync(join(tmpdir(), "moa-files-test-"));
let server: TestServer;
let company: Company;
let alice: TestUser & { token: string };
let bob: TestUser & { token: string };
let outsider: TestUser & { token: string };
let room: string;

/** Every file under the storage root (committed and partial). */
const stored = (): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);

async function member(co: Company) {
  const user = await createUser(server.database.db, co);
  return { ...user, token: (await loginAs(server, user)).accessToken };
}

function form(
  roomname: string,
  files: { name: string; type: string; data: Uint8Array }[],
): FormData {
  const f = new FormData();
  f.append("ID", "webchat_x");
  f.append("roomname", roomname);
  f.append("trid", "1741564800000");
  f.append("client", "pc");
  for (const file of files)
    f.append(
      "multipartFile",
      new Blob([file.data], { type: file.type }),
      file.name,
    );
  return f;
}

async function upload(token: string, body: FormData) {
  const res = await fetch(
    `${server.url}/fileupload/Common/uploadMsnAndMobile.on21`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    },
  );
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  };
}

const download = (token: string, roomname: string, fileno: number) =>
  fetch(
    `${server.url}/fileupload/Common/download.on21?ID=webchat_x&roomname=${roomname}&fileno=${fileno}&client=pc`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );

beforeAll(async () => {
  server = await createTestServer(
    {},
    {
      clock: () => now,
      workplace: {
        storage: new LocalFileStorage(root),
        uploadLimits: { maxFiles: 10, maxFileBytes: MAX_BYTES },
      },
    },
  );
  company = await createCompany(server.database.db);
  alice = await member(company);
  bob = await member(company);
  outsider = await member(company);
  room = await createRoomWith(server.database.db, company.id, [
    alice.id,
    bob.id,
  ]);
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("upload and download", () => {
  it("stores files of a member, makes an image thumbnail and lets another member download them", async () => {
    const png = await sharp({
      create: { width: 800, height: 400, channels: 3, background: "#3366ff" },
    })
      .png()
      .toBuffer();
    const text = new TextEncoder().encode("회의록 본문");
    const res = await upload(
      alice.token,
      form(room, [
        { name: "회의록 (최종).txt", type: "text/plain", data: text },
        { name: "chart.png", type: "image/png", data: png },
      ]),
    );
    expect(res.status).toBe(200);
    const files = res.body.multipartFile as {
      fileName: string;
      fileSizeOrg: number;
      fileno: number;
      fileDownUrl: string;
      thumbUrl: string;
    }[];
    expect(res.body).toMatchObject({ ErrorCode: "00", trid: "1741564800000" });
    expect(files.map((f) => [f.fileName, f.fileSizeOrg])).toEqual([
      ["회의록 (최종).txt", text.length],
      ["chart.png", png.length],
    ]);
    expect(files[0]?.fileDownUrl).toBe(
      `${server.url}/fileupload/Common/download.on21`,
    );
    expect(files[0]?.thumbUrl).toBe("");

    const [txt, img] = files as [(typeof files)[0], (typeof files)[0]];
    const got = await download(bob.token, room, txt.fileno);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-disposition")).toBe(
      `attachment; filename="??? (??).txt"; filename*=UTF-8''%ED%9A%8C%EC%9D%98%EB%A1%9D%20%28%EC%B5%9C%EC%A2%85%29.txt`,
    );
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-type")).toBe("application/octet-stream");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(text);

    const thumb = await fetch(
      `${server.url}${new URL(img.thumbUrl).pathname}${new URL(img.thumbUrl).search}`,
      {
        headers: { authorization: `Bearer ${bob.token}` },
      },
    );
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 160]);
  });

  it("accepts 10 files and refuses 11 without storing any", async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({
      name: `f${i}.txt`,
      type: "text/plain",
      data: new Uint8Array([i]),
    }));
    const ok = await upload(alice.token, form(room, ten));
    expect((ok.body.multipartFile as unknown[]).length).toBe(10);
    const before = stored().length;
    const eleven = [
      ...ten,
      { name: "f10.txt", type: "text/plain", data: new Uint8Array([10]) },
    ];
    const refused = await upload(alice.token, form(room, eleven));
    expect(refused).toEqual({
      status: 413,
      body: { ErrorCode: "01", ErrorMsg: "chat.upload.tooManyFiles" },
    });
    expect(stored().length).toBe(before);
  });

  it("refuses a file over the limit while streaming, with the 1 GB message, and keeps nothing of the upload", async () => {
    const before = stored().length;
    const res = await upload(
      alice.token,
      form(room, [
        { name: "small.txt", type: "text/plain", data: new Uint8Array(10) },
        {
          name: "big.bin",
          type: "application/octet-stream",
          data: new Uint8Array(MAX_BYTES + 1),
        },
      ]),
    );
    expect(res).toEqual({
      status: 413,
      body: { ErrorCode: "01", ErrorMsg: "chat.upload.fileTooLarge" },
    });
    expect(stored().length).toBe(before);
    const exact = await upload(
      alice.token,
      form(room, [
        {
          name: "exact.bin",
          type: "application/octet-stream",
          data: new Uint8Array(MAX_BYTES),
        },
      ]),
    );
    expect(exact.status).toBe(200);
  });

  it("leaves nothing behind when the client aborts mid-upload", async () => {
    const before = stored().length;
    const boundary = "----moa-abort";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="roomname"\r\n\r\n${room}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="multipartFile"; filename="half.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`;
    const url = new URL(server.url);
    const req = request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: "/fileupload/Common/uploadMsnAndMobile.on21",
      headers: {
        authorization: `Bearer ${alice.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(head.length + 60_000),
      },
    });
    req.on("error", () => undefined);
    req.write(head);
    req.write(Buffer.alloc(30_000));
    // The partial file exists on disk while the upload is in flight …
    await expect
      .poll(() => stored().length, { timeout: 5000 })
      .toBe(before + 1);
    // … and the connection drops with 30 KB still promised.
    req.destroy();
    await expect.poll(() => stored().length, { timeout: 5000 }).toBe(before);
  });

  it("refuses files sent before the room name", async () => {
    const f = new FormData();
    f.append("multipartFile", new Blob([new Uint8Array(3)]), "early.bin");
    f.append("roomname", room);
    const res = await upload(alice.token, f);
    expect(res).toMatchObject({
      status: 400,
      body: { ErrorCode: "01", ErrorMsg: "invalid_input" },
    });
  });
});

describe("access control", () => {
  it("refuses uploads and downloads by non-members and other companies, revealing nothing", async () => {
    const up = await upload(
      outsider.token,
      form(room, [
        { name: "x.txt", type: "text/plain", data: new Uint8Array(1) },
      ]),
    );
    expect(up).toEqual({
      status: 403,
      body: { ErrorCode: "01", ErrorMsg: "forbidden" },
    });
    const ok = await upload(
      alice.token,
      form(room, [
        {
          name: "secret.txt",
          type: "text/plain",
          data: new Uint8Array([1, 2]),
        },
      ]),
    );
    const fileno =
      (ok.body.multipartFile as { fileno: number }[])[0]?.fileno ?? 0;
    const denied = await download(outsider.token, room, fileno);
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual({
      ErrorCode: "01",
      ErrorMsg: "file_not_found",
    });
    const foreign = await member(await createCompany(server.database.db));
    expect((await download(foreign.token, room, fileno)).status).toBe(404);
    const anonymous = await fetch(
      `${server.url}/fileupload/Common/download.on21?roomname=${room}&fileno=${fileno}`,
    );
    expect(anonymous.status).toBe(401);
    // A member of another room cannot reach this room's file through their own room's name.
    const otherRoom = await createRoomWith(server.database.db, company.id, [
      outsider.id,
    ]);
    expect((await download(outsider.token, otherRoom, fileno)).status).toBe(
      404,
    );
  });

  it("expires downloads after 7 days", async () => {
    now = new Date("2025-04-01T00:00:00Z");
    const user = {
      ...alice,
      token: (await loginAs(server, alice)).accessToken,
    };
    const ok = await upload(
      user.token,
      form(room, [
        { name: "old.txt", type: "text/plain", data: new Uint8Array([7]) },
      ]),
    );
    const fileno =
      (ok.body.multipartFile as { fileno: number }[])[0]?.fileno ?? 0;
    now = new Date("2025-04-07T23:59:00Z");
    const fresh = await loginAs(server, alice);
    expect((await download(fresh.accessToken, room, fileno)).status).toBe(200);
    now = new Date("2025-04-08T00:00:00Z");
    const later = await loginAs(server, alice);
    expect((await download(later.accessToken, room, fileno)).status).toBe(404);
  });
});
