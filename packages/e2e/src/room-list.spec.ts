/** The chatting tab's room list as messages arrive: newest room on top with its unread badge; opening reads it. */
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

describe("room list", () => {
  test("a new message moves its room to the top with its unread badge, and opening the room reads it", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "soyeon.cho");
    await expectMainWindow(page);
    const rooms = page.getByRole("list", { name: "대화방 목록" });

    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const me = peer.jidOf("soyeon.cho");
      const meeting = await peer.createRoom(2, [me], "주간 회의");
      await peer.say(meeting, "회의 자료 올렸어요");
      const lunch = await peer.createRoom(1, [me]);
      await peer.say(lunch, "점심 같이 해요");

      const first = rooms.getByRole("listitem").first();
      await first
        .getByRole("button", { name: "윤재원, 읽지 않은 메시지 1개" })
        .waitFor();
      expect(await first.textContent()).toContain("점심 같이 해요");

      await peer.say(meeting, "오후 3시에 시작합니다");
      const meetingRow = first.getByRole("button", {
        name: "주간 회의, 읽지 않은 메시지 2개",
      });
      await meetingRow.waitFor();
      expect(await first.textContent()).toContain("오후 3시에 시작합니다");
      expect(await rooms.getByRole("listitem").count()).toBe(2);

      const popup = page.waitForEvent("popup");
      await meetingRow.dblclick();
      const roomWindow = await popup;
      await roomWindow
        .getByRole("heading", { level: 1, name: "주간 회의" })
        .waitFor();
      await roomWindow.getByText("오후 3시에 시작합니다").waitFor();
      await first.getByRole("button", { name: "주간 회의" }).waitFor();
      await roomWindow.close();
    } finally {
      await peer.stop();
    }
  });
});
