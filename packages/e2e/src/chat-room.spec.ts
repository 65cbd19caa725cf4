/**
 * The chat room window with two users in separate browsers (spec §2.11, §4–§6): sending and receiving, replies and
 * jumping to the original, read counts dropping as the other reads, deleting within 5 minutes (and refused after),
 * Ctrl+F search, a window at the bottom following a busy room, and older history paging in as the list is scrolled to
 * the top.
 */
import type { WebSocketRoute } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import {
  bubble,
  isInView,
  messageItem,
  messageList,
  openRoomWindow,
  scrollListToTop,
  secondUser,
  sendText,
  signIn,
  watchErrors,
} from "./room-helpers.js";

describe("chat room window", () => {
  test("two users talk: a message arrives live, its read count drops as the other reads, a reply jumps to its original", async ({
    server,
    browser,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "jaewon.yoon");
    const other = await secondUser(browser, server.url, "nayeon.park", errors);
    try {
      const room = await peer.createRoom(
        2,
        [peer.jidOf("sungmin.lee"), peer.jidOf("nayeon.park")],
        "분기 계획",
      );
      await peer.say(room, "분기 계획 회의를 시작합니다");
      await signIn(page, server.url, "sungmin.lee");

      const mine = await openRoomWindow(page, /^분기 계획/);
      watchErrors(mine, errors);
      await mine
        .getByRole("heading", { level: 1, name: "분기 계획" })
        .waitFor();
      await bubble(mine, "분기 계획 회의를 시작합니다").waitFor();

      await sendText(mine, "자료는 오후에 공유할게요");
      const sent = messageItem(mine, "자료는 오후에 공유할게요");
      // Neither the peer nor the other browser user has read it yet.
      await sent.getByLabel("읽지 않은 사람 2명").waitFor();

      const theirs = await openRoomWindow(other.page, /^분기 계획/);
      watchErrors(theirs, errors);
      await bubble(theirs, "자료는 오후에 공유할게요").waitFor();
      await sent.getByLabel("읽지 않은 사람 1명").waitFor();

      // The other user answers that message from its context menu; meanwhile the talk goes on, so by the time the
      // reply arrives its original is far above the view.
      await bubble(theirs, "자료는 오후에 공유할게요").click({
        button: "right",
      });
      await theirs.getByRole("menuitem", { name: "답장" }).click();
      for (let i = 1; i <= 40; i += 1)
        await peer.say(room, `진행 상황 ${String(i)}`);
      await bubble(theirs, "진행 상황 40").waitFor();
      await sendText(theirs, "네, 확인하겠습니다");

      const reply = messageList(mine)
        .getByRole("article")
        .filter({ hasText: "네, 확인하겠습니다" });
      await reply.waitFor();
      expect(await reply.textContent()).toContain("자료는 오후에 공유할게요");
      expect(await isInView(bubble(mine, "자료는 오후에 공유할게요"))).toBe(
        false,
      );
      await reply.getByRole("button", { name: /원문으로 이동/ }).click();
      const original = messageItem(mine, "자료는 오후에 공유할게요").locator(
        ".moa-msg--flash",
      );
      await original.waitFor();
      expect(await isInView(original)).toBe(true);
    } finally {
      await other.close();
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });

  test("typing @ offers the room's members; the picked one is mentioned in the message the others receive", async ({
    server,
    browser,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "siwoo.shin");
    const other = await secondUser(browser, server.url, "hyejin.seo", errors);
    try {
      const room = await peer.createRoom(
        2,
        [peer.jidOf("yujin.han"), peer.jidOf("hyejin.seo")],
        "주간 보고",
      );
      await peer.say(room, "이번 주 보고서를 모읍니다");
      await signIn(page, server.url, "yujin.han");
      const mine = await openRoomWindow(page, /^주간 보고/);
      watchErrors(mine, errors);
      await bubble(mine, "이번 주 보고서를 모읍니다").waitFor();

      const input = mine.getByRole("textbox", { name: "메시지 입력" });
      await input.pressSequentially("@서");
      const list = mine.getByRole("listbox", { name: "멘션할 대화 상대" });
      await list.getByRole("option", { name: /서혜진/ }).waitFor();
      expect(await list.getByRole("option").count()).toBe(1);
      await input.press("Enter");
      await mine
        .getByRole("list", { name: "멘션한 대화 상대" })
        .getByText("서혜진")
        .waitFor();
      await input.pressSequentially("보고서 부탁드려요");
      await input.press("Enter");

      const theirs = await openRoomWindow(other.page, /^주간 보고/);
      watchErrors(theirs, errors);
      await messageList(theirs)
        .getByRole("article")
        .filter({ hasText: "@서혜진 보고서 부탁드려요" })
        .waitFor();
    } finally {
      await other.close();
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });

  test("own messages are deleted for everyone within 5 minutes; after that the menu refuses with the spec's message", async ({
    server,
    browser,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "hyunwoo.kang");
    const other = await secondUser(browser, server.url, "gaeun.jung", errors);
    try {
      const room = await peer.createRoom(
        2,
        [peer.jidOf("youngho.choi"), peer.jidOf("gaeun.jung")],
        "삭제 확인",
      );
      await peer.say(room, "시작");
      await signIn(page, server.url, "youngho.choi");
      const mine = await openRoomWindow(page, /^삭제 확인/);
      watchErrors(mine, errors);
      const theirs = await openRoomWindow(other.page, /^삭제 확인/);
      watchErrors(theirs, errors);

      await sendText(mine, "잘못 보낸 메시지");
      await bubble(theirs, "잘못 보낸 메시지").waitFor();
      await bubble(mine, "잘못 보낸 메시지").click({ button: "right" });
      const items = mine.getByRole("menu").getByRole("menuitem");
      expect(await items.allTextContents()).toEqual([
        "전체 선택",
        "복사",
        "답장",
        "삭제",
      ]);
      // Select all selects the message's text, and keeps it selected once the message has the focus back.
      await mine.getByRole("menuitem", { name: "전체 선택" }).click();
      await expect
        .poll(() => mine.evaluate(() => window.getSelection()?.toString()))
        .toBe("잘못 보낸 메시지");
      await expect
        .poll(() =>
          mine.evaluate(() => document.activeElement?.textContent ?? ""),
        )
        .toBe("잘못 보낸 메시지");
      expect(await mine.evaluate(() => window.getSelection()?.toString())).toBe(
        "잘못 보낸 메시지",
      );
      await bubble(mine, "잘못 보낸 메시지").click({ button: "right" });
      await mine.getByRole("menuitem", { name: "삭제" }).click();
      const confirm = mine
        .getByRole("dialog")
        .filter({ hasText: "메시지 삭제" });
      await confirm.getByRole("button", { name: "삭제" }).click();
      await bubble(mine, "삭제된 메시지입니다.").waitFor();
      await bubble(theirs, "삭제된 메시지입니다.").waitFor();
      expect(await bubble(theirs, "잘못 보낸 메시지").count()).toBe(0);

      await sendText(mine, "6분 전 메시지");
      await bubble(mine, "6분 전 메시지").waitFor();
      // The room window's clock moves 6 minutes on: the delete window has passed.
      await mine.clock.setFixedTime(Date.now() + 6 * 60_000);
      await bubble(mine, "6분 전 메시지").click({ button: "right" });
      await mine.getByRole("menuitem", { name: "삭제" }).click();
      const refusal = mine
        .getByRole("dialog")
        .filter({ hasText: "5분 이내에 등록된 대화만 삭제할 수 있습니다." });
      await refusal.waitFor();
      await refusal.getByRole("button", { name: "확인" }).click();
      await bubble(theirs, "6분 전 메시지").waitFor();
      expect(await bubble(mine, "6분 전 메시지").count()).toBe(1);
    } finally {
      await other.close();
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });

  test("Ctrl+F highlights every match; previous and next step through them, the current one set apart", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const room = await peer.createRoom(1, [peer.jidOf("minsu.kim")]);
      for (const text of [
        "사과 하나 주세요",
        "바나나",
        "사과 둘, 그리고 사과 셋",
      ])
        await peer.say(room, text);
      await signIn(page, server.url, "minsu.kim");
      const win = await openRoomWindow(page, /^윤재원/);
      watchErrors(win, errors);
      await bubble(win, "사과 둘, 그리고 사과 셋").waitFor();

      await win.keyboard.press("Control+f");
      const search = win.getByRole("search");
      await search.getByRole("textbox", { name: "검색어" }).fill("사과");
      const status = search.getByRole("status");
      const marks = messageList(win).locator("mark");
      const current = messageList(win).locator('mark[aria-current="true"]');
      await expect.poll(() => status.textContent()).toBe("3/3");
      expect(await marks.allTextContents()).toEqual(["사과", "사과", "사과"]);
      expect(await current.count()).toBe(1);
      const currentBubble = () =>
        messageList(win)
          .getByRole("article")
          .filter({ has: win.locator('mark[aria-current="true"]') })
          .textContent();
      expect(await currentBubble()).toBe("사과 둘, 그리고 사과 셋");

      await search.getByRole("button", { name: "이전 결과" }).click();
      await expect.poll(() => status.textContent()).toBe("2/3");
      expect(await currentBubble()).toBe("사과 둘, 그리고 사과 셋");
      await search.getByRole("button", { name: "이전 결과" }).click();
      await expect.poll(() => status.textContent()).toBe("1/3");
      expect(await currentBubble()).toBe("사과 하나 주세요");
      await search.getByRole("button", { name: "다음 결과" }).click();
      await expect.poll(() => status.textContent()).toBe("2/3");
      await search.getByRole("button", { name: "다음 결과" }).click();
      await search.getByRole("button", { name: "다음 결과" }).click();
      // Past the newest match it wraps to the oldest.
      await expect.poll(() => status.textContent()).toBe("1/3");
      expect(await marks.count()).toBe(3);
    } finally {
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });

  test("a window at the bottom keeps following a busy room: messages arriving in bursts scroll into view", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const room = await peer.createRoom(
        2,
        [peer.jidOf("sungmin.lee")],
        "바쁜 방",
      );
      await peer.say(room, "시작합니다");
      // A timer ticking in the window (as a clock or an animation would) moves frames between deliveries, so scroll
      // events report a list that grew before the view caught up, as a loaded machine does; without it headless
      // Chromium renders right after each delivery and the window followed even when its reading of the position
      // was wrong.
      await page.context().addInitScript(() => {
        setInterval(() => {
          const end = performance.now() + 1;
          while (performance.now() < end);
        }, 20);
      });
      await signIn(page, server.url, "sungmin.lee");
      const win = await openRoomWindow(page, /^바쁜 방/);
      watchErrors(win, errors);
      await bubble(win, "시작합니다").waitFor();
      // Several people at once: each round's 40 messages arrive together and grow the list while it scrolls.
      for (let round = 1; round <= 3; round += 1) {
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            peer.say(room, `동시에 ${String(round)}-${String(i + 1)}`),
          ),
        );
        for (let i = 1; i <= 5; i += 1)
          await peer.say(room, `이어서 ${String(round)}-${String(i)}`);
      }
      await peer.say(room, "마지막 소식");

      const last = bubble(win, "마지막 소식");
      await last.waitFor();
      expect(await isInView(last)).toBe(true);
    } finally {
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });

  test("the newest 100 messages show first; scrolling to the top pages in older ones down to the first message", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    const peer = await connectPeer(server.url, "soyeon.cho");
    try {
      const room = await peer.createRoom(1, [peer.jidOf("sungmin.lee")]);
      for (let i = 1; i <= 150; i += 1)
        await peer.say(room, `기록 ${String(i)}`);
      await signIn(page, server.url, "sungmin.lee");
      const win = await openRoomWindow(page, /^조소연/);
      watchErrors(win, errors);
      await bubble(win, "기록 150").waitFor();
      const first = win
        .getByRole("separator")
        .filter({ hasText: "첫 메시지입니다" });
      expect(await first.count()).toBe(0);

      await expect
        .poll(
          async () => {
            await scrollListToTop(win);
            return first.count();
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(1);
      await bubble(win, "기록 1").waitFor();
      expect(await isInView(bubble(win, "기록 1"))).toBe(true);
    } finally {
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });

  test("after the main window loses and regains the chat connection, an open room window shows what it missed, once", async ({
    server,
    page,
  }) => {
    const errors: string[] = [];
    // The main window's chat socket goes through here, so the test can cut it and hold its reconnection.
    const link: {
      cut?: () => void;
      held?: () => void;
      holding: boolean;
    } = { holding: false };
    await page.routeWebSocket(/\/ws\/$/, (ws) => {
      const early: string[] = [];
      let upstream: WebSocketRoute | null = null;
      ws.onMessage((m) => {
        if (upstream) upstream.send(m);
        else early.push(String(m));
      });
      const connect = () => {
        upstream = ws.connectToServer();
        for (const m of early) upstream.send(m);
      };
      link.cut = () => {
        void ws.close({ code: 1006, reason: "cut" });
      };
      if (link.holding) link.held = connect;
      else connect();
    });
    const peer = await connectPeer(server.url, "nayeon.park");
    try {
      const room = await peer.createRoom(1, [peer.jidOf("sungmin.lee")]);
      await peer.say(room, "연결 전 메시지");
      // Only browser users of earlier tests sign in again: a peer's login would count as another PC session.
      await signIn(page, server.url, "sungmin.lee");
      const win = await openRoomWindow(page, /^박나연/);
      watchErrors(win, errors);
      await bubble(win, "연결 전 메시지").waitFor();

      link.holding = true;
      link.cut?.();
      await expect
        .poll(() => link.held !== undefined, { timeout: 30_000 })
        .toBe(true);
      await peer.say(room, "끊긴 동안 1");
      await peer.say(room, "끊긴 동안 2");
      link.holding = false;
      link.held?.();

      await bubble(win, "끊긴 동안 2").waitFor({ timeout: 30_000 });
      await peer.say(room, "다시 연결된 뒤");
      await bubble(win, "다시 연결된 뒤").waitFor();
      for (const text of ["연결 전 메시지", "끊긴 동안 1", "끊긴 동안 2"])
        expect(await bubble(win, text).count()).toBe(1);
    } finally {
      await peer.stop();
    }
    expect(errors).toEqual([]);
  });
});
