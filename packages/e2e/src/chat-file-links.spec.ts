/**
 * Issue #11: a FILE message cannot collect a member's access token. A sender forges the links of a FILE message to
 * point at a host it controls; the recipient's room window shows the server's own record of the file, loads its
 * thumbnail and download only from this server, and the forged host hears nothing. A FILE message naming a file
 * number that does not exist is refused and never shown.
 */
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import { openRoomWindow, signIn, watchErrors } from "./room-helpers.js";

// A 1×1 PNG: small, and the server can make a thumbnail of it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** An HTTP server on 127.0.0.1 that answers everything and records every request it gets. */
async function startRecorder() {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", headers: req.headers });
    res.writeHead(200, {
      "content-type": "image/png",
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "authorization",
    });
    res.end(PNG);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** FILE extensions whose every link and name points at the recorder. */
function forgedExtension(origin: string, fileno: number, fileName: string) {
  return JSON.stringify({
    contentType: "FILE",
    fileName,
    fileSize: "1.00 KB",
    fileSizeOrg: 1024,
    fileno,
    fileDownUrl: `${origin}/download`,
    thumbUrl: `${origin}/thumb.png`,
    thumbnailUrl: `${origin}/thumbnail.png`,
    url: `${origin}/url`,
    link: `${origin}/link`,
  });
}

describe("links of FILE messages", () => {
  test("a forged FILE message shows the server's file, loads nothing from the forged host, and an unknown file number is refused", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    const recorder = await startRecorder();
    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const roomName = await peer.createRoom(
        2,
        [peer.jidOf("sungmin.lee")],
        "링크 검사",
      );
      const real = await peer.upload(roomName, {
        name: "photo.png",
        mimeType: "image/png",
        bytes: PNG,
      });
      // A real file number of this room with forged name and links: stored, with the server's record.
      expect(
        await peer.sendRaw(
          roomName,
          "invoice.pdf",
          forgedExtension(recorder.origin, real.fileno, "invoice.pdf"),
        ),
      ).toBe("archived");

      // Every file request of the recipient's windows (the room window loads the thumbnail as soon as it shows).
      const fileRequests: string[] = [];
      page.context().on("request", (req) => {
        if (req.url().includes(".on21")) fileRequests.push(req.url());
      });
      await signIn(page, server.url, "sungmin.lee");
      const room = await openRoomWindow(page, /^링크 검사/);
      watchErrors(room, errors);

      // A file number that does not exist, sent while the window is open: refused, never shown.
      expect(
        await peer.sendRaw(
          roomName,
          "가짜 파일.pdf",
          forgedExtension(recorder.origin, real.fileno + 1000, "가짜 파일.pdf"),
        ),
      ).toBe("file_not_found");
      await peer.say(roomName, "확인 끝");
      await room.getByText("확인 끝").waitFor();

      const received = room.getByRole("group", { name: "파일 photo.png" });
      await received.scrollIntoViewIfNeeded();
      const thumbnail = received.getByRole("img", { name: /미리보기$/ });
      await thumbnail.waitFor();
      await expect
        .poll(() =>
          thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      const [download] = await Promise.all([
        room.waitForEvent("download"),
        received.getByRole("button", { name: "photo.png 다운로드" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("photo.png");
      expect((await readFile(await download.path())).equals(PNG)).toBe(true);

      expect(
        await room
          .getByRole("group", { name: /invoice\.pdf|가짜 파일/ })
          .count(),
      ).toBe(0);
      expect(await room.getByText("가짜 파일.pdf").count()).toBe(0);
      // The thumbnail and the download came from this server; the forged host heard nothing at all.
      expect(fileRequests.some((url) => url.includes("thumbnail.on21"))).toBe(
        true,
      );
      expect(fileRequests.some((url) => url.includes("download.on21"))).toBe(
        true,
      );
      expect(
        fileRequests.filter((url) => new URL(url).origin !== server.url),
      ).toEqual([]);
      expect(recorder.requests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await peer.stop();
      await recorder.close();
    }
  });
});
