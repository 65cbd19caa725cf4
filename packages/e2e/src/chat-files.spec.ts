/**
 * Files in the chat room window with two users in separate browsers (spec §2.11, §4 file upload/download, §7.6, §8):
 * a file picked in one room window reaches the other user, who downloads the same bytes; a pasted image is confirmed
 * on a preview and sent as PNG; a file the server no longer has answers CH.H.038.
 */
import { rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import {
  openRoomWindow,
  secondUser,
  signIn,
  watchErrors,
} from "./room-helpers.js";

/** Bytes of every value, so a text or encoding mix-up cannot go unnoticed. */
function sampleBytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 31 + 7) % 256));
}

describe("files in the chat room", () => {
  test("a file picked by one user is downloaded by the other with the same bytes; a pasted image goes out as PNG", async ({
    server,
    browser,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "jaewon.yoon");
    const other = await secondUser(browser, server.url, "nayeon.park", errors);
    try {
      const roomName = await peer.createRoom(
        2,
        [peer.jidOf("sungmin.lee"), peer.jidOf("nayeon.park")],
        "자료 공유",
      );
      await peer.say(roomName, "자료 공유방입니다");
      await signIn(page, server.url, "sungmin.lee");
      const mine = await openRoomWindow(page, /^자료 공유/);
      watchErrors(mine, errors);
      const theirs = await openRoomWindow(other.page, /^자료 공유/);
      watchErrors(theirs, errors);

      // User A picks a file with the composer's file button (its hidden input).
      const bytes = sampleBytes(300_000);
      await mine.getByLabel("첨부할 파일").setInputFiles({
        name: "분기 보고서 (최종).hwp",
        mimeType: "application/octet-stream",
        buffer: bytes,
      });
      const progress = mine.getByRole("dialog", { name: "파일 전송" });
      await mine
        .getByRole("group", { name: "파일 분기 보고서 (최종).hwp" })
        .waitFor();
      // Every file went out: the progress dialog hides by itself.
      await progress.waitFor({ state: "hidden" });

      // User B sees the FILE message with its type, size, and downloads it.
      const received = theirs.getByRole("group", {
        name: "파일 분기 보고서 (최종).hwp",
      });
      await received.waitFor();
      await received.getByRole("img", { name: "한글 문서" }).waitFor();
      expect(await received.textContent()).toContain("292.97 KB");
      const [download] = await Promise.all([
        theirs.waitForEvent("download"),
        received
          .getByRole("button", { name: "분기 보고서 (최종).hwp 다운로드" })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe("분기 보고서 (최종).hwp");
      const saved = await readFile(await download.path());
      expect(saved.equals(bytes)).toBe(true);
      await received
        .getByRole("status")
        .filter({ hasText: "다운로드 완료" })
        .waitFor();

      // User A pastes an image into the message input: preview, confirm, sent as PNG.
      await mine
        .getByRole("textbox", { name: "메시지 입력" })
        .evaluate(async (input) => {
          const canvas = document.createElement("canvas");
          canvas.width = 120;
          canvas.height = 80;
          const context = canvas.getContext("2d");
          if (!context) throw new Error("no canvas");
          context.fillStyle = "#3366ff";
          context.fillRect(0, 0, 120, 80);
          const png = await new Promise<Blob | null>((resolve) => {
            canvas.toBlob(resolve, "image/png");
          });
          if (!png) throw new Error("no PNG");
          const data = new DataTransfer();
          data.items.add(
            new File([png], "clipboard.png", { type: "image/png" }),
          );
          input.dispatchEvent(
            new ClipboardEvent("paste", {
              clipboardData: data,
              bubbles: true,
              cancelable: true,
            }),
          );
        });
      const confirm = mine.getByRole("dialog", { name: "이미지 전송" });
      const preview = confirm.getByRole("img", {
        name: "붙여넣은 이미지 미리보기",
      });
      await preview.waitFor();
      // The element is there before its picture has loaded (a busy machine shows it): wait for the decoded image.
      expect(
        await preview.evaluate(async (img: HTMLImageElement) => {
          await img.decode();
          return img.naturalWidth;
        }),
      ).toBe(120);
      await confirm.getByRole("button", { name: "보내기" }).click();
      await confirm.waitFor({ state: "hidden" });

      const image = theirs.getByRole("group", {
        name: /^파일 image_\d{14}\.png$/,
      });
      await image.waitFor();
      await image.getByRole("img", { name: "이미지 파일" }).waitFor();
      // The server made a thumbnail; it is shown with the token the main window lends.
      const thumbnail = image.getByRole("img", { name: /미리보기$/ });
      await thumbnail.waitFor();
      await expect
        .poll(() =>
          thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await other.close();
      await peer.stop();
    }
  });

  test("downloading a file the server does not have says CH.H.038", async ({
    server,
    page,
  }) => {
    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const roomName = await peer.createRoom(
        2,
        [peer.jidOf("sungmin.lee")],
        "없는 파일",
      );
      const file = await peer.upload(roomName, {
        name: "사라진 파일.pdf",
        mimeType: "application/pdf",
        bytes: sampleBytes(1024),
      });
      await peer.sayFile(roomName, file);
      // The server loses the stored bytes (deleted from its storage) after the message was sent.
      rmSync(join(server.dataDir, "files", "chat"), {
        recursive: true,
        force: true,
      });
      await signIn(page, server.url, "sungmin.lee");
      const room = await openRoomWindow(page, /^없는 파일/);
      const missing = room.getByRole("group", { name: "파일 사라진 파일.pdf" });
      await missing.getByRole("img", { name: "PDF 파일" }).waitFor();
      await missing
        .getByRole("button", { name: "사라진 파일.pdf 다운로드" })
        .click();
      expect(await missing.getByRole("alert").textContent()).toBe(
        "파일이 존재하지 않습니다. 삭제되었거나 보관 기간(7일)이 지난 파일입니다.",
      );
    } finally {
      await peer.stop();
    }
  });
});
