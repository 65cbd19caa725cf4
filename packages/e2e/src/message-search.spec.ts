/**
 * Searching every conversation (issue #18) in the browser: a word said yesterday in one room is found from the main
 * window's header search, shown with its room, and opening it shows the room window at that message, marked, with
 * the history around it and the newest messages below.
 */
import { rmSync } from "node:fs";
import { startServerAtTime, startServerProcess } from "@moa/server/testing";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { copySeededData, test } from "./fixtures.js";
import { messageList, signIn, watchErrors } from "./room-helpers.js";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("message search", () => {
  test("a word sent yesterday in another room is found from the main window and opens the room at that message", async ({
    page,
  }) => {
    // Yesterday: the chat engine archives the room's first messages with yesterday's log times.
    const dataDir = copySeededData();
    const yesterday = await startServerAtTime(
      dataDir,
      () => new Date(Date.now() - DAY_MS),
    );
    let room: string;
    try {
      const peer = await connectPeer(yesterday.url, "jaewon.yoon");
      room = await peer.createRoom(
        2,
        [peer.jidOf("sungmin.lee")],
        "거래처 협의",
      );
      await peer.say(room, "회의 일정은 내일 공유드릴게요");
      await peer.say(room, "어제 보낸 견적서 금액을 확인해 주세요");
      await peer.say(room, "다른 안건은 없습니다");
      await peer.stop();
    } finally {
      await yesterday.stop();
    }

    const server = await startServerProcess({ dataDir });
    try {
      const peer = await connectPeer(server.url, "jaewon.yoon");
      try {
        // Today: more talk in the room, and another room where the word never came up.
        await peer.say(room, "오늘 오후에 다시 이야기해요");
        const other = await peer.createRoom(
          2,
          [peer.jidOf("sungmin.lee")],
          "점심 모임",
        );
        await peer.say(other, "점심은 국밥으로 하죠");

        await signIn(page, server.url, "sungmin.lee");
        await page
          .getByRole("searchbox", { name: "검색" })
          .or(page.getByRole("textbox", { name: "검색" }))
          .fill("견적서");

        const results = page.getByRole("list", { name: "메시지 검색 결과" });
        const hit = results.getByRole("button", { name: /견적서 금액/ });
        await hit.waitFor({ timeout: 20_000 });
        expect(await results.getByRole("button").count()).toBe(1);
        const hitText = (await hit.textContent()) ?? "";
        expect(hitText).toContain("거래처 협의");
        expect(hitText).toContain("윤재원");
        expect(await hit.locator("mark").allTextContents()).toEqual(["견적서"]);

        const popup = page.waitForEvent("popup");
        await hit.click();
        const roomWindow = await popup;
        watchErrors(roomWindow, []);
        const list = messageList(roomWindow);
        await list.waitFor({ timeout: 20_000 });
        const found = list.getByRole("article", { name: /윤재원/ }).filter({
          hasText: "어제 보낸 견적서 금액을 확인해 주세요",
        });
        await found.waitFor();
        expect(await found.getAttribute("aria-current")).toBe("true");
        const described = await found.evaluate(
          (el) =>
            document.getElementById(el.getAttribute("aria-describedby") ?? "")
              ?.textContent,
        );
        expect(described).toBe("찾은 메시지");
        // The history around it and on to the newest message.
        await list
          .getByRole("article")
          .filter({ hasText: "회의 일정은 내일 공유드릴게요" })
          .waitFor();
        await list
          .getByRole("article")
          .filter({ hasText: "오늘 오후에 다시 이야기해요" })
          .waitFor();
        // Live messages keep arriving.
        await peer.say(room, "방금 보낸 메시지");
        await list
          .getByRole("article")
          .filter({ hasText: "방금 보낸 메시지" })
          .waitFor();
      } finally {
        await peer.stop();
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
