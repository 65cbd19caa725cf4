/**
 * The news room (spec §2.11, §3 ALROOM): the groupware posts alarms and news-feed entries to a user's news room through
 * the integration API (docs/protocol.md §6); the user opens the room from the chatting tab and reads the entries as
 * cards whose link opens the groupware page as an external link, with no composer and no menu.
 */
import { DEMO_INTEGRATION_KEY } from "@moa/server/testing";
import type { Locator } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import {
  isInView,
  messageList,
  openRoomWindow,
  scrollListToTop,
  signIn,
  watchErrors,
} from "./room-helpers.js";

/** Posts one entry to a user's news room as the demo company's groupware. */
async function postNews(
  serverUrl: string,
  body: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${serverUrl}/integration/v1/news`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${DEMO_INTEGRATION_KEY}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
}

describe("news room window", () => {
  test("the groupware's entries show as cards in the news room, with external links and no composer or menu", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    const loginId = "minsu.kim";
    const alarm = await postNews(server.url, {
      kind: "alarm",
      loginId,
      alarmType: "007",
      title: "[결재 요청] 3월 법인카드 사용 내역",
      senderDetail: "이서연 / 재무팀",
      link: "https://gw.demo.moa.test/approval/view?id=31",
    });
    expect(alarm.status).toBe(201);
    const feed = await postNews(server.url, {
      kind: "newsfeed",
      loginId,
      header: "4월 정기 점검 안내",
      detail: "4월 5일 02:00~04:00 그룹웨어 점검이 있습니다.",
      senderDetail: "정보시스템팀",
      link: "http://gw.demo.moa.test/board/2",
    });
    expect(feed.status).toBe(201);
    // A link the server refuses never reaches the room.
    const refused = await postNews(server.url, {
      kind: "newsfeed",
      loginId,
      header: "스크립트 링크",
      link: "javascript:alert(document.cookie)",
    });
    expect(refused.status).toBe(400);

    await signIn(page, server.url, loginId);
    const win = await openRoomWindow(page, /^알림/);
    watchErrors(win, errors);

    // Each card is named by its title (the bubble around it has no name).
    const card = (title: string) =>
      messageList(win).getByRole("article", { name: title, exact: true });
    const approval = card("[결재 요청] 3월 법인카드 사용 내역");
    await approval.waitFor();
    expect(await approval.textContent()).toContain("이서연 / 재무팀");
    const notice = card("4월 정기 점검 안내");
    expect(await notice.textContent()).toContain(
      "4월 5일 02:00~04:00 그룹웨어 점검이 있습니다.",
    );
    expect(await notice.textContent()).toContain("정보시스템팀");
    // Newest at the bottom, as in other rooms.
    const top = async (l: Locator) => (await l.boundingBox())?.y ?? Number.NaN;
    expect(await top(notice)).toBeGreaterThan(await top(approval));

    for (const [card, href] of [
      [approval, "https://gw.demo.moa.test/approval/view?id=31"],
      [notice, "http://gw.demo.moa.test/board/2"],
    ] as const) {
      const link = card.getByRole("link", { name: "바로 가기" });
      expect(await link.getAttribute("href")).toBe(href);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(await messageList(win).getByText("스크립트 링크").count()).toBe(0);
    // The link is text only: neither card loads it as an image or a frame.
    for (const c of [approval, notice])
      expect(await c.locator("img, iframe").count()).toBe(0);
    // Spec §2.11: news rooms have no input and no menu.
    expect(
      await win.getByRole("textbox", { name: "메시지 입력" }).count(),
    ).toBe(0);
    expect(await win.getByRole("button", { name: "대화방 메뉴" }).count()).toBe(
      0,
    );
    expect(errors).toEqual([]);
  });

  test("older entries page in as the list is scrolled to the top", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    const loginId = "gunwoo.choi";
    for (let i = 1; i <= 110; i += 1) {
      const res = await postNews(server.url, {
        kind: "newsfeed",
        loginId,
        header: `소식 ${String(i)}`,
        link: `https://gw.demo.moa.test/board/${String(i)}`,
      });
      expect(res.status).toBe(201);
    }
    await signIn(page, server.url, loginId);
    const win = await openRoomWindow(page, /^알림/);
    watchErrors(win, errors);
    const card = (title: string) =>
      messageList(win).getByRole("article", { name: title, exact: true });
    await card("소식 110").waitFor();
    expect(await card("소식 1").count()).toBe(0);

    await expect
      .poll(
        async () => {
          await scrollListToTop(win);
          return card("소식 1").count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await isInView(card("소식 1"))).toBe(true);
    expect(errors).toEqual([]);
  });
});
