/**
 * The webhard window with two users in separate browsers (spec §2.10, §4, §5, §8): one opens it from a room's
 * composer, logs in (a wrong password says WH.A.021 + WH.A.022), browses into a sub-folder and back through the
 * parent-folder row, picks 21 files (cut to 20 with WH.A.023) and sends 3 as links; the other member receives the
 * three link messages in the room and opens one, which resolves to the webhard file. Opened again in the same session,
 * the window needs no second login.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import { DEMO } from "./login-helpers.js";
import {
  clickToClose,
  openRoomWindow,
  secondUser,
  signIn,
  watchErrors,
} from "./room-helpers.js";

const minutes = (week: number) =>
  `주간 회의록 ${String(week).padStart(2, "0")}주차.docx`;

/** Reads the alert dialog's text and closes it. */
async function alertText(page: Page): Promise<string> {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button", { name: "확인" }).click();
  await dialog.waitFor({ state: "hidden" });
  return text;
}

describe("webhard window", () => {
  // Three windows of two users and 21 checkbox clicks: on a loaded two-core machine this nears the default 90 s.
  test(
    "log in, browse, pick 21 files (cut to 20), send 3 links the other member opens",
    { timeout: 180_000 },
    async ({ server, browser, page }) => {
      const errors: string[] = [];
      const peer = await connectPeer(server.url, "jaewon.yoon");
      const other = await secondUser(
        browser,
        server.url,
        "nayeon.park",
        errors,
      );
      try {
        const roomName = await peer.createRoom(
          2,
          [peer.jidOf("sungmin.lee"), peer.jidOf("nayeon.park")],
          "웹하드 공유",
        );
        await peer.say(roomName, "웹하드 자료 부탁드려요");
        await signIn(page, server.url, "sungmin.lee");
        const mine = await openRoomWindow(page, /^웹하드 공유/);
        watchErrors(mine, errors);
        const theirs = await openRoomWindow(other.page, /^웹하드 공유/);
        watchErrors(theirs, errors);

        // The composer's webhard button opens the webhard window (a popup of the main window) with its login form.
        const opened = page.waitForEvent("popup");
        await mine.getByRole("button", { name: "웹하드", exact: true }).click();
        const webhard = await opened;
        watchErrors(webhard, errors);
        const login = webhard.getByRole("form", { name: "웹하드 로그인" });
        await login.waitFor();

        await login.getByLabel("아이디").fill("sungmin.lee");
        await login.getByLabel("비밀번호").fill("wrong-password");
        await login.getByRole("button", { name: "로그인" }).click();
        const refused = await alertText(webhard);
        expect(refused).toContain(
          "웹하드 로그인에 실패했습니다. 아이디와 비밀번호를 확인해 주세요.",
        );
        expect(refused).toContain("잠시 후 다시 시도해 주세요.");
        await login.getByLabel("비밀번호").fill(DEMO.password);
        await login.getByRole("button", { name: "로그인" }).click();

        // Root: the folders (the guest folder too) and the root's file; no parent row at the root.
        const table = webhard.getByRole("table", { name: "파일 목록" });
        await table.getByText("README.txt").waitFor();
        await table
          .getByRole("button", { name: "게스트 공유 폴더 열기" })
          .waitFor();
        expect(
          await table.getByRole("button", { name: "상위 폴더" }).count(),
        ).toBe(0);
        const counter = webhard.getByRole("status", { name: /선택한 파일/ });
        expect(await counter.textContent()).toBe("0 / 20");

        // Into a folder, its sub-folder, and back through the parent-folder row.
        await table
          .getByRole("button", { name: "공용 문서 폴더 열기" })
          .click();
        await table.getByText(minutes(24)).waitFor();
        // A file whose download role is not 0 is never listed.
        expect(
          await table.getByText("인사 평가 기준(관리자용).docx").count(),
        ).toBe(0);
        await table
          .getByRole("button", { name: "2025 사업계획 폴더 열기" })
          .click();
        await table.getByText("분기별 예산.xlsx").waitFor();
        await table.getByRole("button", { name: "상위 폴더" }).click();
        await table.getByText(minutes(1)).waitFor();

        // 21 files picked one by one: the 21st is one too many (WH.A.023), the first 20 stay.
        const box = (name: string) =>
          table.getByRole("checkbox", { name: `${name} 선택` });
        for (let week = 1; week <= 20; week++) await box(minutes(week)).check();
        expect(await counter.textContent()).toBe("20 / 20");
        await box(minutes(21)).click();
        expect(await alertText(webhard)).toContain(
          "파일은 한 번에 20개까지 보낼 수 있습니다.",
        );
        expect(await counter.textContent()).toBe("20 / 20");
        expect(await box(minutes(21)).isChecked()).toBe(false);
        expect(await box(minutes(1)).isChecked()).toBe(true);

        // Clear the picks, pick 3, send them as links.
        await table.getByRole("checkbox", { name: "모든 파일 선택" }).click();
        expect(await counter.textContent()).toBe("0 / 20");
        for (const week of [1, 2, 3]) await box(minutes(week)).check();
        expect(await counter.textContent()).toBe("3 / 20");
        await webhard.getByRole("button", { name: "링크 보내기" }).click();
        await webhard.getByText("링크 3개를 보냈습니다.").waitFor();
        expect(await counter.textContent()).toBe("0 / 20");

        // The other member receives the three links in the room and opens one: the webhard file's bytes.
        for (const week of [1, 2, 3])
          await theirs
            .getByRole("group", { name: `파일 ${minutes(week)}` })
            .waitFor();
        const received = theirs.getByRole("group", {
          name: `파일 ${minutes(2)}`,
        });
        await received.scrollIntoViewIfNeeded();
        const [download] = await Promise.all([
          theirs.waitForEvent("download"),
          received
            .getByRole("button", { name: `${minutes(2)} 다운로드` })
            .click(),
        ]);
        expect(download.suggestedFilename()).toBe(minutes(2));
        expect(await readFile(await download.path(), "utf8")).toBe(
          `${minutes(2)}\n모아테크 데모 웹하드 파일입니다.\n`,
        );
        // The sender's own room shows them too.
        await mine.getByRole("group", { name: `파일 ${minutes(3)}` }).waitFor();

        // Closed and opened again in this session, the webhard window opens usable: no login form.
        await clickToClose(
          webhard,
          webhard.getByRole("button", { name: "취소" }),
        );
        const reopened = page.waitForEvent("popup");
        await mine.getByRole("button", { name: "웹하드", exact: true }).click();
        const again = await reopened;
        watchErrors(again, errors);
        await again
          .getByRole("table", { name: "파일 목록" })
          .getByText("README.txt")
          .waitFor();
        expect(
          await again.getByRole("form", { name: "웹하드 로그인" }).count(),
        ).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await peer.stop();
        await other.close();
      }
    },
  );
});
