/**
 * The org tab and the user card (spec §2.3, §2.6): browsing the demo org to a colleague, their presence changing live
 * as they go away, busy and offline (a scripted XMPP peer), the search-result tree, the card's 1:1 chat (reused the
 * second time), a free user's card without mail, and the tab rules around an open org picker.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import { DEMO } from "./login-helpers.js";
import { signIn } from "./room-helpers.js";

const PEER_NAME = "박지우";

/** The org tab's tree. */
function orgTree(page: Page) {
  return page.getByRole("tree", { name: "조직도" });
}

/** Opens the org tab. */
async function openOrgTab(page: Page) {
  await page.getByRole("tab", { name: "조직도" }).click();
  await orgTree(page).waitFor();
}

/** A person's row in a tree, by name. */
function personRow(page: Page, name: string, tree = "조직도") {
  return page
    .getByRole("tree", { name: tree })
    .getByRole("treeitem", { name: new RegExp(`^${name}`) });
}

/** A department's row, by name. */
function deptRow(page: Page, name: string) {
  return orgTree(page).getByRole("treeitem", {
    name: new RegExp(`^${name} \\d+명$`),
  });
}

describe("org tab and user card", () => {
  // First: the browsing test's peer signs in as this free user over XMPP.
  test(
    "a free user's card has no mail action",
    { timeout: 180_000 },
    async ({ server, page }) => {
      await signIn(page, server.url, DEMO.free);
      await openOrgTab(page);
      await personRow(page, "김민수").click();
      const card = page.getByRole("dialog", { name: "사용자 정보" });
      await card.getByRole("button", { name: "쪽지" }).waitFor();
      expect(await card.getByRole("button", { name: "메일" }).count()).toBe(0);
      expect(await card.getByRole("button", { name: /전화/ }).count()).toBe(0);
    },
  );

  // One user's whole path through the tab and the card, with a second user changing presence: longer than most.
  test(
    "browses to a colleague whose presence changes live, searches, and starts a 1:1 chat from their card",
    { timeout: 180_000 },
    async ({ server, page }) => {
      await signIn(page, server.url, DEMO.normal);
      await openOrgTab(page);

      // The tree opens at the own department; closing and opening it again is browsing.
      await personRow(page, PEER_NAME).waitFor();
      await deptRow(page, "플랫폼팀").click();
      expect(
        await deptRow(page, "플랫폼팀").getAttribute("aria-expanded"),
      ).toBe("false");
      await personRow(page, PEER_NAME).waitFor({ state: "detached" });
      await deptRow(page, "플랫폼팀").click();
      const row = personRow(page, PEER_NAME);
      await row.getByRole("img", { name: "오프라인" }).waitFor();

      const peer = await connectPeer(server.url, DEMO.free);
      try {
        await peer.setPresence("on");
        await row.getByRole("img", { name: "PC 접속" }).waitFor();
        await peer.setPresence("away");
        await row.getByRole("img", { name: "자리 비움" }).waitFor();
        await peer.setPresence("dnd");
        await row.getByRole("img", { name: "다른 용무 중" }).waitFor();
      } finally {
        await peer.stop();
      }
      await row.getByRole("img", { name: "오프라인" }).waitFor();

      // The header search switches the tab to the search-result tree; the clear icon brings the tree back.
      const search = page.getByLabel("검색", { exact: true });
      await search.fill("지우");
      await search.press("Enter");
      await personRow(page, PEER_NAME, "조직도 검색 결과").waitFor();
      await page.getByLabel("검색어 지우기").click();
      await deptRow(page, "플랫폼팀").waitFor();

      // The card shows who they are and what can be done.
      await row.click();
      const card = page.getByRole("dialog", { name: "사용자 정보" });
      await card
        .getByRole("heading", { name: new RegExp(`^${PEER_NAME}`) })
        .waitFor();
      await card.getByText("모아테크 > 개발본부 > 플랫폼팀").waitFor();
      await card.getByText(`${DEMO.free}@${DEMO.domain}`).waitFor();
      await card.getByRole("button", { name: "메일" }).waitFor();
      await card.getByRole("button", { name: "쪽지" }).waitFor();
      // The demo seed makes them friends already.
      await card.getByRole("button", { name: "친구 삭제" }).waitFor();

      const firstRoom = await chatFromCard(page);
      expect(await card.count()).toBe(0);
      await row.click();
      const secondRoom = await chatFromCard(page);
      expect(secondRoom).toBe(firstRoom);
      await row.click();
      await cardInRoom(page);
      // The friend removed in the room window is gone in the main window's card too.
      await row.click();
      await card.getByRole("button", { name: "친구 추가" }).waitFor();
      await page.keyboard.press("Escape");
      await card.waitFor({ state: "detached" });
      await page.getByRole("tab", { name: "채팅" }).click();
      // One 1:1 room with them, however often the card started the chat (the list renders after the tab switch).
      const rooms = page
        .getByRole("list", { name: "대화방 목록" })
        .getByRole("button", { name: new RegExp(PEER_NAME) });
      await rooms.first().waitFor();
      expect(await rooms.count()).toBe(1);
    },
  );

  test("leaving the chatting tab with the org picker open asks first and clears the selection; search follows the tab", async ({
    server,
    page,
  }) => {
    await signIn(page, server.url, DEMO.normal);
    const search = page.getByLabel("검색", { exact: true });
    await search.fill("대화");
    await page.getByRole("button", { name: "새 대화" }).click();
    const picker = page.getByRole("dialog", { name: "새 대화" });
    await picker.getByRole("textbox", { name: "이름 검색" }).fill(PEER_NAME);
    await personRow(page, PEER_NAME, "조직도 검색 결과")
      .getByRole("checkbox")
      .check();
    await picker
      .getByRole("button", { name: `${PEER_NAME} 선택 해제` })
      .waitFor();

    const confirm = page.getByRole("dialog", { name: "탭 이동" });
    await page.getByRole("tab", { name: "조직도" }).click();
    await confirm.getByRole("button", { name: "취소" }).click();
    await confirm.waitFor({ state: "detached" });
    await picker
      .getByRole("button", { name: `${PEER_NAME} 선택 해제` })
      .waitFor();

    await page.getByRole("tab", { name: "조직도" }).click();
    await confirm.getByRole("button", { name: "확인" }).click();
    await orgTree(page).waitFor();
    expect(await picker.count()).toBe(0);
    expect(await search.inputValue()).toBe("");
    expect(await search.getAttribute("placeholder")).toBe(
      "이름, 부서, 직위 검색",
    );

    await page.getByRole("tab", { name: "채팅" }).click();
    await page.getByRole("button", { name: "새 대화" }).click();
    await picker.getByRole("textbox", { name: "이름 검색" }).waitFor();
    expect(
      await picker.getByRole("button", { name: /선택 해제$/ }).count(),
    ).toBe(0);
  });
});

/** Clicks the card's 1:1 chat and returns the room window's URL once it opened. */
async function chatFromCard(page: Page): Promise<string> {
  const popup = page.waitForEvent("popup");
  await page
    .getByRole("dialog", { name: "사용자 정보" })
    .getByRole("button", { name: "1:1 대화" })
    .click();
  const room = await popup;
  await room.getByText(PEER_NAME).first().waitFor();
  const url = room.url();
  await room.close();
  return url;
}

/** In a room window: the member list's name opens the same card, asked of the main window over the bridge. */
async function cardInRoom(page: Page) {
  const popup = page.waitForEvent("popup");
  await page
    .getByRole("dialog", { name: "사용자 정보" })
    .getByRole("button", { name: "1:1 대화" })
    .click();
  const room = await popup;
  await room.getByRole("button", { name: "대화방 메뉴" }).click();
  await room.getByRole("menuitem", { name: "대화 상대" }).click();
  await room
    .getByRole("dialog", { name: /대화 상대/ })
    .getByRole("button", { name: new RegExp(`^${PEER_NAME}`) })
    .click();
  const card = room.getByRole("dialog", { name: "사용자 정보" });
  await card.getByText("모아테크 > 개발본부 > 플랫폼팀").waitFor();
  await card.getByRole("button", { name: "친구 삭제" }).click();
  await card.getByRole("button", { name: "친구 추가" }).waitFor();
  await room.close();
}
