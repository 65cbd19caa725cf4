/**
 * The commute panel and the shortcut tab in the browser, with the server's and the browser's clocks set together
 * (the in-process server reads an injected clock; Playwright fixes the page's Date). Monday 10 March 2025 in Seoul:
 * one user checks in at 23:40 and out at 23:45; after midnight the panel shows Tuesday, and with the after-midnight
 * box the user checks out Monday's card at 00:10 (the week list marks it). A second user without a Monday card is
 * refused with PU.A.012. Shortcut entries open signed links that the server's verifier accepts and redirects to the
 * groupware.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { newReportingContext } from "./csp-guard.js";
import { test } from "./fixtures.js";
import {
  signInAs,
  startTestCompany,
  type TestCompany,
} from "./test-company.js";

// 23:40 on Monday 10 March 2025 in Seoul (UTC+9, the company's default offset).
const MONDAY_2340 = new Date("2025-03-10T14:40:00Z");
const at = (iso: string) => new Date(iso);

let company: TestCompany;
beforeAll(async () => {
  company = await startTestCompany(["한지민", "오세훈"], MONDAY_2340);
});
afterAll(async () => {
  await company.server.close();
});

const user = (name: string) => {
  const found = company.users[name];
  if (!found) throw new Error(`no user ${name}`);
  return found;
};

/** A Seoul-time context (its pages' clocks are fixed by `setTime`), with reduced motion as every e2e context. */
function seoulContext(
  browser: Parameters<typeof newReportingContext>[0],
  violations: string[],
): Promise<BrowserContext> {
  return newReportingContext(browser, violations, {
    timezoneId: "Asia/Seoul",
  });
}

/** Moves the server's and the pages' clocks. */
async function setTime(pages: readonly Page[], time: Date) {
  company.setTime(time);
  for (const p of pages) await p.clock.setFixedTime(time);
}

/** Answers a confirm dialog showing `text` with its confirm button. */
async function confirm(page: Page, text: string) {
  const dialog = page.getByRole("dialog").filter({ hasText: text });
  await dialog.getByRole("button", { name: "확인" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("commute panel", () => {
  test("checks in and out, rolls over at midnight and checks out yesterday's card after midnight; PU.A.012 without one", async ({
    browser,
    cspViolations,
  }) => {
    const first = await seoulContext(browser, cspViolations);
    const second = await seoulContext(browser, cspViolations);
    try {
      const page = await first.newPage();
      const other = await second.newPage();
      await setTime([page, other], MONDAY_2340);
      await signInAs(page, company, user("한지민"));
      await page.getByRole("tab", { name: "출퇴근" }).click();

      await page
        .getByRole("heading", { name: "2025년 3월 10일 (월)" })
        .waitFor();
      await expect
        .poll(() =>
          page.getByRole("timer", { name: "현재 시각" }).textContent(),
        )
        .toBe("23:40:00");
      const checkIn = page.getByRole("button", { name: "출근", exact: true });
      const checkOut = page.getByRole("button", { name: "퇴근", exact: true });
      await expect.poll(() => checkIn.isEnabled()).toBe(true);
      expect(await checkOut.isDisabled()).toBe(true);

      await checkIn.click();
      await confirm(page, "23:40에 출근하시겠습니까?");
      await expect
        .poll(() => page.getByLabel("출근 시각").textContent())
        .toBe("23:40");
      await expect.poll(() => checkIn.isDisabled()).toBe(true);

      await setTime([page], at("2025-03-10T14:45:00Z"));
      await checkOut.click();
      await confirm(page, "23:45에 퇴근하시겠습니까?");
      await expect
        .poll(() => page.getByLabel("퇴근 시각").textContent())
        .toBe("23:45");

      // Midnight: the panel turns to Tuesday by itself, with an empty card.
      await setTime([page, other], at("2025-03-10T15:10:00Z"));
      await page
        .getByRole("heading", { name: "2025년 3월 11일 (화)" })
        .waitFor();
      await expect
        .poll(() => page.getByLabel("출근 시각").textContent())
        .toBe("--:--");

      // After midnight: Monday again, its card checked out at 00:10, the box cleared.
      const box = page.getByRole("checkbox", { name: /자정 이후 퇴근/ });
      await box.check();
      await page
        .getByRole("heading", { name: "2025년 3월 10일 (월)" })
        .waitFor();
      expect(await checkIn.isDisabled()).toBe(true);
      await expect.poll(() => checkOut.isEnabled()).toBe(true);
      await checkOut.click();
      await confirm(page, "00:10에 퇴근하시겠습니까?");
      await expect.poll(() => box.isChecked()).toBe(false);
      const monday = page.getByRole("row", { name: /3\/10 \(월\)/ });
      await expect
        .poll(() => monday.textContent())
        .toMatch(/23:40.*00:10.*익일/);

      // The second user has no Monday card: the after-midnight check-out is refused.
      await signInAs(other, company, user("오세훈"));
      await other.getByRole("tab", { name: "출퇴근" }).click();
      await other
        .getByRole("heading", { name: "2025년 3월 11일 (화)" })
        .waitFor();
      await other.getByRole("checkbox", { name: /자정 이후 퇴근/ }).check();
      const otherOut = other.getByRole("button", { name: "퇴근", exact: true });
      await expect.poll(() => otherOut.isEnabled()).toBe(true);
      await otherOut.click();
      await other
        .getByText("전날 출근 기록이 없어 자정 이후 퇴근을 기록할 수 없습니다.")
        .waitFor();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe("shortcut tab", () => {
  test("opens groupware menus through signed links the server accepts, and external menus after their check", async ({
    browser,
    cspViolations,
  }) => {
    const context = await seoulContext(browser, cspViolations);
    try {
      // The groupware itself is outside the test: its pages answer with their address.
      await context.route(
        (url) => url.hostname.endsWith(".moa.test"),
        (route) =>
          route.fulfill({
            contentType: "text/plain",
            body: "groupware",
          }),
      );
      const page = await context.newPage();
      company.setTime(new Date());
      await signInAs(page, company, user("한지민"));
      await page.getByRole("tab", { name: "바로가기" }).click();
      const work = page.getByRole("region", { name: "업무" });

      const [mail] = await Promise.all([
        page.waitForEvent("popup"),
        work.getByRole("button", { name: "메일" }).click(),
      ]);
      await mail.waitForURL(`https://${company.domain}/mail/list`);

      const [fax] = await Promise.all([
        page.waitForEvent("popup"),
        page
          .getByRole("region", { name: "외부 서비스" })
          .getByRole("button", { name: "웹팩스" })
          .click(),
      ]);
      await fax.waitForURL(
        new RegExp(`^https://${company.domain}/webfax/simplogin\\?`),
      );
    } finally {
      await context.close();
    }
  });
});
