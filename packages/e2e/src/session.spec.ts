/** A signed-in user's session: an expired token is renewed without notice, idle locks the app, the lock screen unlocks. */
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import {
  DEMO,
  expectMainWindow,
  openLoginWithDomain,
  readAlert,
  submitLogin,
} from "./login-helpers.js";

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
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "youngho.choi");
    await expectMainWindow(page);

    // Fake the clock only now (animations and queries ran on real time), then let 30 idle minutes pass at once.
    await page.clock.install();
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
  });
});
