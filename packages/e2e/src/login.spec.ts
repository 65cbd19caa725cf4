/** Signing in as the demo company's users: success, logout, auto login, every seedable §8 failure, session exists or not. */
import { apiClient, loginAs } from "@moa/server/testing";
import { describe, expect } from "vitest";
import { newReportingContext } from "./csp-guard.js";
import { test } from "./fixtures.js";
import {
  DEMO,
  expectMainWindow,
  openLoginWithDomain,
  readAlert,
  submitLogin,
  watchNoticePopup,
} from "./login-helpers.js";

describe("login", () => {
  test("first run asks for the domain, then the user signs in and lands in the main window, and logs out", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    // The scheme was stripped from the typed domain.
    await page.getByLabel("회사 도메인").getByText(DEMO.domain).waitFor();

    await submitLogin(page, DEMO.normal);
    await expectMainWindow(page, { hideNotice: true });
    expect(new URL(page.url()).hash).toBe("#/");
    await page.getByText(DEMO.company).waitFor();
    expect(
      await page
        .getByRole("tab", { name: "채팅" })
        .getAttribute("aria-selected"),
    ).toBe("true");

    await page.getByRole("button", { name: /김민수/ }).click();
    await page
      .getByRole("dialog", { name: "내 정보" })
      .getByRole("button", { name: "로그아웃" })
      .click();
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#/login?isLogout=true");

    // "Do not show again" holds for the next login while the notice stays the same.
    await submitLogin(page, DEMO.normal);
    await page.getByRole("tab", { name: "채팅" }).waitFor();
    await page
      .getByRole("contentinfo", { name: "공지사항" })
      .getByRole("button")
      .waitFor();
    expect(
      await page.getByRole("checkbox", { name: "다시 보지 않기" }).count(),
    ).toBe(0);
  });

  test("checks the form before calling the server and warns about an ID typed with its domain", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await page.getByRole("button", { name: "로그인" }).click();
    await page
      .getByRole("alert")
      .getByText("그룹웨어 아이디를 입력해 주세요.")
      .waitFor();
    await page
      .getByRole("textbox", { name: "아이디" })
      .fill(`${DEMO.normal}@${DEMO.domain}`);
    await page.getByRole("button", { name: "로그인" }).click();
    await page
      .getByRole("alert")
      .getByText("비밀번호를 입력해 주세요.")
      .waitFor();
  });

  test("each seedable login failure shows its message: wrong password, blocked, unknown domain", async ({
    server,
    page,
  }) => {
    // Wrong passwords lock only from an address the account has logged in from (docs/auth.md "Lock policy").
    await loginAs(server, {
      loginId: DEMO.free,
      domain: DEMO.domain,
      password: DEMO.password,
    });
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, DEMO.free, "wrong-password");
    expect(await readAlert(page)).toContain("비밀번호가 올바르지 않습니다");
    // Four more wrong passwords block the account (spec §9: 5).
    for (let i = 0; i < 3; i += 1) {
      await submitLogin(page, DEMO.free, "wrong-password");
      await readAlert(page);
    }
    await submitLogin(page, DEMO.free, "wrong-password");
    expect(await readAlert(page)).toContain("로그인이 차단되었습니다");
    await submitLogin(page, DEMO.free);
    expect(await readAlert(page)).toContain("로그인이 차단되었습니다");

    await page.getByRole("button", { name: "도메인 선택" }).click();
    const dialog = page.getByRole("dialog", { name: "회사 도메인" });
    await dialog
      .getByRole("textbox", { name: "새 도메인" })
      .fill("nowhere.moa.test");
    await dialog.getByRole("button", { name: "확인" }).click();
    await submitLogin(page, DEMO.normal);
    expect(await readAlert(page)).toContain("도메인 정보가 올바르지 않습니다");
  });

  test("an expired password can be changed later, and a user without privacy consent is told to agree", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, DEMO.noConsent);
    const privacy = page.getByRole("dialog", {
      name: "개인정보 처리방침 미동의",
    });
    await privacy.getByRole("button", { name: "종료" }).click();
    await privacy.waitFor({ state: "hidden" });

    await submitLogin(page, DEMO.expired);
    const expired = page.getByRole("dialog", { name: "비밀번호 만료" });
    await expired
      .getByRole("button", { name: "다음에 변경하고 로그인" })
      .click();
    await expectMainWindow(page);
  });

  test("auto login signs in again on reload, but not after logout", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await page.getByRole("checkbox", { name: "자동 로그인" }).check();
    expect(
      await page.getByRole("checkbox", { name: "아이디 저장" }).isDisabled(),
    ).toBe(true);
    await submitLogin(page, "sungmin.lee");
    await expectMainWindow(page);

    watchNoticePopup(page);
    await page.reload();
    await expectMainWindow(page);

    await page.getByRole("button", { name: /이성민/ }).click();
    await page
      .getByRole("dialog", { name: "내 정보" })
      .getByRole("button", { name: "로그아웃" })
      .click();
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    expect(
      await page.getByRole("checkbox", { name: "자동 로그인" }).isChecked(),
    ).toBe(false);
    // The ID stays filled in for the next login.
    expect(
      await page.getByRole("textbox", { name: "아이디" }).inputValue(),
    ).toBe("sungmin.lee");
  });

  test("a browser that went away without logging out does not hold the next sign-in", async ({
    server,
    browser,
    page,
    cspViolations,
  }) => {
    const gone = await newReportingContext(browser, cspViolations);
    try {
      const first = await gone.newPage();
      await openLoginWithDomain(first, server.url);
      await submitLogin(first, "hyunwoo.kang");
      await expectMainWindow(first);
      // The tab's renderer crashes: no unload handler runs, so no logout is sent; its chat connection drops.
      const crashed = new Promise<void>((resolve) =>
        first.once("crash", () => resolve()),
      );
      const cdp = await gone.newCDPSession(first);
      void cdp.send("Page.crash").catch(() => undefined);
      await crashed;
    } finally {
      await gone.close();
    }
    // That login is still valid, but no messenger uses it once its connection is gone.
    const probe = await loginAs(server, {
      loginId: "hyunwoo.kang",
      domain: DEMO.domain,
      password: DEMO.password,
    });
    const api = apiClient(server.url, probe.accessToken);
    const anotherMessenger = async () =>
      (
        await api("POST", "/api/v1/chat/home/isExistSession", {
          corpSeq: probe.body.User_Info.corpSeq,
          msngname: "hyunwoo.kang",
        })
      ).body.isExist;
    await expect.poll(anotherMessenger, { timeout: 20_000 }).toBe(false);
    // The same-session dialog would stop the sign-in before the main window.
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "hyunwoo.kang");
    await expectMainWindow(page);
  });

  test("a second browser with the same ID asks first; continuing logs the first browser out", async ({
    server,
    browser,
    page,
    cspViolations,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "nayeon.park");
    await expectMainWindow(page);

    const other = await newReportingContext(browser, cspViolations);
    try {
      const second = await other.newPage();
      await openLoginWithDomain(second, server.url);
      await submitLogin(second, "nayeon.park");
      const ask = second.getByRole("dialog", { name: "중복 로그인" });
      await ask
        .getByText("다른 PC 메신저에서 사용 중인 아이디입니다")
        .waitFor();
      await ask.getByRole("button", { name: "계속 로그인" }).click();
      await expectMainWindow(second);

      // The first browser learns it was replaced and confirms the logout.
      await page
        .getByRole("alert")
        .getByText("다른 곳에서 같은 아이디로 로그인하여")
        .waitFor({ timeout: 20_000 });
      await page.getByRole("button", { name: "확인" }).click();
      await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    } finally {
      await other.close();
    }
  });
});
