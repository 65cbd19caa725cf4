import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileStorage } from "../storage/local-file-storage.js";
import {
  createCompany,
  createRoomWith,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../testing/index.js";

const UPLOAD_PATH = "/fileupload/Common/uploadMsnAndMobile.on21";
const root = mkdtempSync(join(tmpdir(), "moa-body-guards-"));
let server: TestServer;
let token: string;
let room: string;

/** Every file under the storage root (committed and partial). */
const stored = (): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);

beforeAll(async () => {
  server = await createTestServer(
    { BODY_IDLE_TIMEOUT_SECONDS: "1" },
    {
      workplace: {
        storage: new LocalFileStorage(root),
        uploadLimits: { maxFiles: 10, maxFileBytes: 8 * 1024 * 1024 },
      },
    },
  );
  const company = await createCompany(server.database.db);
  const alice = await createUser(server.database.db, company);
  const bob = await createUser(server.database.db, company);
  token = (await loginAs(server, alice)).accessToken;
  room = await createRoomWith(server.database.db, company.id, [
    alice.id,
    bob.id,
  ]);
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/**
 * Sends a request with a body far over the JSON limit over a raw socket, as fast as the socket takes it, and reads
 * the status line of the answer.
 * @param framing a declared Content-Length (refused before reading) or chunked (refused once the limit is passed).
 * @returns the status code; rejects when the connection fails before an answer arrives.
 */
function sendOversized(framing: "length" | "chunked"): Promise<number> {
  const url = new URL(server.url);
  const body = Buffer.alloc(3 * 1024 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status && received.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () =>
      reject(new Error(`closed without an answer: ${received}`)),
    );
    socket.write(
      `POST /api/v1/auth/login2 HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
        "X-Requested-With: XMLHttpRequest\r\n" +
        (framing === "length"
          ? `Content-Length: ${body.length}\r\n\r\n`
          : "Transfer-Encoding: chunked\r\n\r\n"),
    );
    for (let at = 0; at < body.length; at += 64 * 1024) {
      const piece = body.subarray(at, at + 64 * 1024);
      socket.write(
        framing === "length"
          ? piece
          : Buffer.concat([
              Buffer.from(`${piece.length.toString(16)}\r\n`),
              piece,
              Buffer.from("\r\n"),
            ]),
      );
    }
    if (framing === "chunked") socket.write("0\r\n\r\n");
  });
}

describe("an answer given before the body is read", () => {
  it("reaches the client every time: 413 for oversized JSON, declared or streamed", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(await sendOversized("length"));
      statuses.push(await sendOversized("chunked"));
    }
    expect(statuses).toEqual(Array<number>(18).fill(413));
  });
});

describe("a stalled request body", () => {
  it("is cut off after the idle time-out with 408, and the partial upload is removed", async () => {
    const before = stored().length;
    const boundary = "----moa-stall";
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="roomname"\r\n\r\n${room}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="multipartFile"; filename="huge.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`;
    const url = new URL(server.url);
    const req = request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: UPLOAD_PATH,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        // 2 GiB promised, 4 bytes sent.
        "content-length": String(2 * 1024 ** 3),
      },
    });
    const answered = new Promise<number | "closed">((resolve) => {
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", () => resolve("closed"));
    });
    req.write(head);
    req.write(Buffer.from("moa!"));
    await expect
      .poll(() => stored().length, { timeout: 10_000 })
      .toBe(before + 1);
    expect(await answered).toBe(408);
    await expect.poll(() => stored().length, { timeout: 10_000 }).toBe(before);
    req.destroy();
  });

  it("does not cut off a slow body that keeps arriving", async () => {
    const payload = JSON.stringify({ username: "x", token: "y" });
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/api/v1/auth/login2",
          headers: {
            "content-type": "application/json",
            "x-requested-with": "XMLHttpRequest",
            "content-length": String(payload.length),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      // Three pieces 0.6 s apart: 1.8 s in all, each pause under the 1 s time-out.
      const pieces = [
        payload.slice(0, 5),
        payload.slice(5, 10),
        payload.slice(10),
      ];
      const sendNext = () => {
        const piece = pieces.shift();
        if (piece === undefined) return;
        req.write(piece);
        if (pieces.length === 0) req.end();
        else setTimeout(sendNext, 600);
      };
      sendNext();
    });
    // Read in full and judged by the route (invalid input), not timed out.
    expect(status).toBe(400);
  });
});

describe("thumbnails", () => {
  it("stores an image over 33 megapixels as a file without a thumbnail", async () => {
    // 6000 x 6000 = 36 MP, a few KB as a PNG: decoding it would take ~100 MB.
    const png = await sharp({
      create: {
        width: 6000,
        height: 6000,
        channels: 3,
        background: "#3366cc",
      },
    })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append("roomname", room);
    body.append("trid", "1");
    body.append(
      "multipartFile",
      new Blob([png], { type: "image/png" }),
      "huge.png",
    );
    const res = await fetch(`${server.url}${UPLOAD_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      multipartFile: {
        fileno: number;
        fileSizeOrg: number;
        thumbUrl: string;
      }[];
    };
    const [file] = answer.multipartFile;
    expect(file).toMatchObject({ fileSizeOrg: png.length, thumbUrl: "" });
    // A connection of its own: a kept-alive download connection would hold up the server's close.
    const downloaded = await new Promise<Buffer>((resolve, reject) => {
      const req = request(
        `${server.url}/fileupload/Common/download.on21?ID=webchat_x&roomname=${room}&fileno=${file?.fileno}&client=pc`,
        { headers: { authorization: `Bearer ${token}` }, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(downloaded.equals(png)).toBe(true);
  });
});
