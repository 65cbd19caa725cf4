/**
 * A signed-in user's session: an expired token is renewed without notice, idle locks the app, the lock screen unlocks,
 * and the end of the session (logout, login conflict) closes every room window at once.
 */
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { newReportingContext } from "./csp-guard.js";
import { test } from "./fixtures.js";
import {
  DEMO,
  expectMainWindow,
  openLoginWithDomain,
  readAlert,
  submitLogin,
} from "./login-helpers.js";
import { openRoomWindow } from "./room-helpers.js";

describe("session", () => {
  test("a request answered with ExpiredJwt is replayed after a token refresh, and the user just sees it succeed", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "gaeun.jung");
    await expectMainWindow(page);

    // The server answers the first nickname save as if the access token had expired mid-session.
    let expiredOnce = false;
    await page.route("**/api/v1/chat/home/nick/update", async (route) => {
      if (expiredOnce) return route.continue();
      expiredOnce = true;
      return route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ ErrorCode: "01", ErrorMsg: "ExpiredJwt" }),
      });
    });
    const refreshes: string[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/v1/auth/token/refresh"))
        refreshes.push(req.url());
    });

    await page.getByRole("button", { name: /정가은/ }).click();
    const info = page.getByRole("dialog", { name: "내 정보" });
    await info.getByRole("textbox", { name: "대화명" }).fill("회의 중");
    await info.getByRole("button", { name: "저장" }).click();
    await page.getByText("대화명을 저장했습니다.").waitFor();
    expect(expiredOnce).toBe(true);
    expect(refreshes).toHaveLength(1);
    expect(await page.getByRole("dialog", { name: "알림" }).count()).toBe(0);
  });

  test("idling past the lock threshold locks the app; a wrong password is refused and the right one unlocks", async ({
    server,
    page,
  }) => {
    // The page's clock is faked before the app starts: a timer it set on the real clock could not be cleared later.
    await page.clock.install();
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "youngho.choi");
    await expectMainWindow(page);

    // Then 30 idle minutes pass at once.
    await page.clock.fastForward("30:01");
    const lock = page.getByRole("main", { name: "잠금 상태입니다" });
    await lock.waitFor();
    // Nothing of the session shows behind the lock screen.
    expect(await page.getByRole("tab", { name: "채팅" }).count()).toBe(0);

    const field = lock.getByLabel("비밀번호", { exact: true });
    await field.fill("not-my-password");
    await field.press("Enter");
    expect(await readAlert(page)).toContain("비밀번호가 올바르지 않습니다.");

    await field.fill(DEMO.password);
    await lock.getByRole("button", { name: "확인" }).click();
    await expectMainWindow(page);
    // Unlocking restarts the idle clock: the next checks find the user active and leave the app open.
    await page.clock.runFor("00:05");
    expect(await lock.count()).toBe(0);
    await expectMainWindow(page);
  });

  test("logout and a login conflict close every room window at once; a second tab on the login screen blocks nothing", async ({
    server,
    browser,
    page,
    cspViolations,
  }) => {
    const user = "hyunwoo.kang";
    const context = page.context();
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, user);
    await expectMainWindow(page);
    const peer = await connectPeer(server.url, "jaewon.yoon");
    const other = await newReportingContext(browser, cspViolations);
    try {
      const dual = await peer.createRoom(1, [peer.jidOf(user)]);
      const group = await peer.createRoom(
        2,
        [peer.jidOf(user), peer.jidOf("gaeun.jung")],
        "주간 회의",
      );
      await peer.say(dual, "일대일 대화 내용");
      await peer.say(group, "회의 대화 내용");

      // Another tab of the same profile sits on the login screen: it must not answer the room windows' requests.
      const loginTab = await context.newPage();
      await loginTab.goto(`${server.url}/#/login`);
      await loginTab
        .getByRole("heading", { level: 1, name: "로그인" })
        .waitFor();
      const roomWindows = () =>
        context.pages().filter((p) => p !== page && p !== loginTab);
      const openBoth = async (): Promise<Page[]> => [
        await openRoomWindow(page, /^윤재원/),
        await openRoomWindow(page, /^주간 회의/),
      ];

      const first = await openBoth();
      await first[0]?.getByText("일대일 대화 내용").waitFor();
      expect(roomWindows()).toHaveLength(2);
      await page.getByRole("button", { name: /강현우/ }).click();
      await page
        .getByRole("dialog", { name: "내 정보" })
        .getByRole("button", { name: "로그아웃" })
        .click();
      // Logout closes them at once; the bound only allows for a loaded machine.
      await expect.poll(() => roomWindows().length, { timeout: 9000 }).toBe(0);
      await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();

      await submitLogin(page, user);
      await expectMainWindow(page);
      await openBoth();
      expect(roomWindows()).toHaveLength(2);
      // The same user signs in elsewhere: the first browser's rooms close before its 10 s countdown to logout.
      const second = await other.newPage();
      await openLoginWithDomain(second, server.url);
      await submitLogin(second, user);
      await second
        .getByRole("dialog", { name: "중복 로그인" })
        .getByRole("button", { name: "계속 로그인" })
        .click();
      await page
        .getByRole("alert")
        .getByText("다른 곳에서 같은 아이디로 로그인하여")
        .waitFor({ timeout: 20_000 });
      // Within the 10 s a login conflict waits before logging out (room windows must not outlive the session).
      await expect.poll(() => roomWindows().length, { timeout: 9000 }).toBe(0);
      await page.getByRole("button", { name: "확인" }).click();
      await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    } finally {
      await peer.stop();
      await other.close();
    }
  });
});
