/**
 * Starting chats from the chatting tab through the org picker (1:1 reused the second time, group, project), the room
 * row menu (pin, alarm) kept across a reload, and the new-message toast that a muted room does not raise.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
  watchNoticePopup,
} from "./login-helpers.js";

/** Opens the org picker, picks people by searching their names, and confirms. */
async function pickPeople(page: Page, names: readonly string[]) {
  await page.getByRole("button", { name: "새 대화" }).click();
  const picker = page.getByRole("dialog", { name: "새 대화" });
  const search = picker.getByRole("textbox", { name: "이름 검색" });
  for (const name of names) {
    await search.fill(name);
    await picker
      .getByRole("tree", { name: "조직도 검색 결과" })
      .getByRole("checkbox", { name: new RegExp(`^${name} `) })
      .check();
  }
  for (const name of names)
    await picker.getByRole("button", { name: `${name} 선택 해제` }).waitFor();
  await picker.getByRole("button", { name: "확인" }).click();
}

/** Waits for the room window a step opens and returns it once it shows the room's name. */
async function roomWindowOf(
  page: Page,
  title: string,
  step: () => Promise<void>,
) {
  const popup = page.waitForEvent("popup");
  await step();
  const roomWindow = await popup;
  await roomWindow.getByText(title).first().waitFor();
  return roomWindow;
}

/** Creates a group or project room with the room-type dialog. */
async function createRoom(
  page: Page,
  names: readonly string[],
  type: "그룹" | "프로젝트",
  title: string,
) {
  await pickPeople(page, names);
  const dialog = page.getByRole("dialog", { name: "대화방 만들기" });
  await dialog.getByRole("radio", { name: type }).check();
  await dialog.getByRole("textbox", { name: "대화방 이름" }).fill(title);
  expect(await dialog.getByText(`${String(title.length)}/20`).count()).toBe(1);
  const roomWindow = await roomWindowOf(page, title, () =>
    dialog.getByRole("button", { name: "확인" }).click(),
  );
  await roomWindow.close();
}

/** Opens a row's context menu and picks an item. */
async function rowMenu(page: Page, row: string | RegExp, item: string) {
  await page
    .getByRole("list", { name: "대화방 목록" })
    .getByRole("button", { name: row })
    .click({ button: "right" });
  await page.getByRole("menuitem", { name: item }).click();
}

describe("new chat and room actions", () => {
  test("starts the self room, a 1:1 chat (reused the second time), a group room and a project room through the org picker", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "gunwoo.choi");
    await expectMainWindow(page);
    const rooms = page.getByRole("list", { name: "대화방 목록" });

    // Only oneself: the self room, without a question.
    const selfRoom = await roomWindowOf(page, "나와의 채팅", () =>
      pickPeople(page, ["최건우"]),
    );
    await selfRoom.close();
    await rooms.getByRole("button", { name: "나와의 채팅" }).waitFor();

    for (let time = 0; time < 2; time += 1) {
      await pickPeople(page, ["윤재원"]);
      const confirm = page.getByRole("dialog", { name: "1:1 대화" });
      await confirm
        .getByText("윤재원님과 1:1 대화를 시작하시겠습니까?")
        .waitFor();
      const roomWindow = await roomWindowOf(page, "윤재원", () =>
        confirm.getByRole("button", { name: "확인" }).click(),
      );
      await roomWindow.close();
      await rooms.getByRole("button", { name: "윤재원" }).waitFor();
      expect(await rooms.getByRole("button", { name: "윤재원" }).count()).toBe(
        1,
      );
    }

    await createRoom(page, ["강성민", "윤재원"], "그룹", "주간 회의");
    await createRoom(page, ["윤재원", "강성민"], "프로젝트", "신제품 TF");
    await rooms.getByRole("button", { name: "주간 회의" }).waitFor();
    await rooms.getByRole("button", { name: "신제품 TF" }).waitFor();

    // The other side sees the new group room (the server's invite notice).
    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const me = peer.jidOf("gunwoo.choi");
      // Asking for the same 1:1 room again returns the one made above: there is only one.
      const dual = await peer.createRoom(1, [me]);
      await peer.say(dual, "방금 만든 방이네요");
      await rooms
        .getByRole("button", { name: "윤재원, 읽지 않은 메시지 1개" })
        .waitFor();
      expect(await rooms.getByRole("button", { name: /^윤재원/ }).count()).toBe(
        1,
      );
    } finally {
      await peer.stop();
    }
  });

  test("pins and mutes rooms for good, and only a room with its alarm on raises a toast", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await page.getByRole("checkbox", { name: "자동 로그인" }).check();
    await submitLogin(page, "minsu.hong");
    await expectMainWindow(page);
    const rooms = page.getByRole("list", { name: "대화방 목록" });

    const peer = await connectPeer(server.url, "jaewon.hong");
    try {
      const me = peer.jidOf("minsu.hong");
      const meeting = await peer.createRoom(2, [me], "주간 회의");
      await peer.say(meeting, "회의 자료 올렸어요");
      const lunch = await peer.createRoom(1, [me]);
      await peer.say(lunch, "점심 같이 해요");
      const meetingRow = /^주간 회의/;
      // The rooms first show up from their messages; the list reload then names the group room.
      await rooms
        .getByRole("button", { name: "주간 회의, 읽지 않은 메시지 1개" })
        .waitFor();
      await rooms
        .getByRole("button", { name: "홍재원, 읽지 않은 메시지 1개" })
        .waitFor();
      expect(await rooms.getByRole("listitem").first().textContent()).toContain(
        "점심",
      );

      await rowMenu(page, meetingRow, "상단 고정");
      await rooms
        .getByRole("listitem")
        .first()
        .getByLabel("상단 고정")
        .waitFor();
      await rowMenu(page, /^홍재원/, "알림 끄기");
      await rooms.getByLabel("알림 꺼짐").waitFor();

      watchNoticePopup(page);
      await page.reload();
      await expectMainWindow(page);
      const top = rooms.getByRole("listitem").first();
      await top.getByRole("button", { name: meetingRow }).waitFor();
      expect(await top.getByLabel("상단 고정").count()).toBe(1);
      await rooms.getByLabel("알림 꺼짐").waitFor();

      // Muted: the message counts, but no toast.
      await peer.say(lunch, "조용히 보내는 메시지");
      await rooms
        .getByRole("button", { name: "홍재원, 읽지 않은 메시지 2개" })
        .waitFor();
      // Alarm on: a toast with the sender and the text, which opens the room.
      await peer.say(meeting, "3시에 시작해요");
      const toast = page.getByRole("status", { name: "홍재원의 새 메시지" });
      await toast.waitFor();
      expect(await toast.textContent()).toContain("3시에 시작해요");
      expect(
        await page
          .locator(".ant-notification")
          .getByText("조용히 보내는 메시지")
          .count(),
      ).toBe(0);
      const roomWindow = await roomWindowOf(page, "주간 회의", () =>
        toast.getByRole("button", { name: "열기" }).click(),
      );
      await roomWindow.close();

      await rowMenu(page, meetingRow, "상단 고정 해제");
      await rowMenu(page, /^홍재원/, "알림 켜기");
      await page.waitForFunction(
        () => !document.querySelector('[aria-label="알림 꺼짐"]'),
      );
      watchNoticePopup(page);
      await page.reload();
      await expectMainWindow(page);
      await rooms.getByRole("button", { name: meetingRow }).waitFor();
      expect(await rooms.getByLabel("상단 고정").count()).toBe(0);
      expect(await rooms.getByLabel("알림 꺼짐").count()).toBe(0);
    } finally {
      await peer.stop();
    }
  });
});
