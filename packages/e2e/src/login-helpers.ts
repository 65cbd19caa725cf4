/** Steps every login spec shares: choosing the demo domain on first run and signing in as a seeded user. */
import type { Page, Response } from "playwright-core";

const popupAnswers = new WeakMap<Page, Promise<Response | null>>();

/** Starts watching for the main window's popup-notice call (call before the action that opens the main window). */
export function watchNoticePopup(page: Page): void {
  popupAnswers.set(
    page,
    // Settles to null when no main window follows (a failed login), so nothing is left rejecting.
    page
      .waitForResponse(
        (r) => r.url().includes("/api/v1/setting/notice/popup"),
        { timeout: 30_000 },
      )
      .catch(() => null),
  );
}

/** The seeded demo company (packages/server seed). */
export const DEMO = {
  domain: "demo.moa.test",
  company: "모아테크",
  password: "moa1234!",
  normal: "minsu.kim",
  free: "jiwoo.park",
  expired: "seoyeon.lee",
  noConsent: "jihoon.choi",
  locked: "haeun.jung",
} as const;

/** Opens the login screen on a fresh profile and picks the demo domain in the first-run dialog. */
export async function openLoginWithDomain(
  page: Page,
  url: string,
): Promise<void> {
  await page.goto(`${url}/#/login`);
  const dialog = page.getByRole("dialog", { name: "회사 도메인" });
  await dialog
    .getByRole("textbox", { name: "새 도메인" })
    .fill(`https://${DEMO.domain}/`);
  await dialog.getByRole("button", { name: "확인" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/** Types ID and password and presses Enter. */
export async function submitLogin(
  page: Page,
  id: string,
  password: string = DEMO.password,
): Promise<void> {
  await page.getByRole("textbox", { name: "아이디" }).fill(id);
  const pw = page.getByLabel("비밀번호", { exact: true });
  await pw.fill(password);
  watchNoticePopup(page);
  await pw.press("Enter");
}

/**
 * After submitting the login of a user whom an earlier test of the file may have signed in: that test's closed window
 * ends its session with a best-effort request, which on a busy machine can reach the server after this login asks
 * whether the ID is in use. The server then rightly says it is, and the user continues, as a person who just closed
 * their other window would. Returns once the main window shows or the prompt was answered.
 */
export async function continueIfInUse(page: Page): Promise<void> {
  const inUse = page.getByRole("dialog", { name: "중복 로그인" });
  try {
    await page
      .getByRole("tab", { name: "채팅" })
      .or(inUse)
      .first()
      .waitFor({ timeout: 20_000 });
  } catch (err) {
    throw await withScreen(page, err);
  }
  if (await inUse.isVisible())
    await inUse.getByRole("button", { name: "계속 로그인" }).click();
}

/** Waits for a usable main window and closes the popup notice when the server answered one for this user. */
export async function expectMainWindow(
  page: Page,
  { hideNotice = false } = {},
): Promise<void> {
  try {
    await page.getByRole("tab", { name: "채팅" }).waitFor({ timeout: 20_000 });
  } catch (err) {
    throw await withScreen(page, err);
  }
  const answer = await popupAnswers.get(page);
  popupAnswers.delete(page);
  const body = answer
    ? ((await answer.json()) as { noticePopup?: unknown })
    : undefined;
  if (!body?.noticePopup) return;
  const popup = page
    .getByRole("dialog")
    .filter({ has: page.getByRole("checkbox", { name: "다시 보지 않기" }) });
  await popup.waitFor();
  if (hideNotice)
    await popup.getByRole("checkbox", { name: "다시 보지 않기" }).check();
  await popup.getByRole("button", { name: "닫기" }).first().click();
  await popup.waitFor({ state: "hidden" });
}

/**
 * A failed wait, told with what the page showed instead: a failure that happens once in a loaded CI run cannot be
 * rerun to look at.
 * @param page the page waited on.
 * @param err the wait's error.
 * @returns the error, its message followed by the page's URL and accessibility tree.
 */
async function withScreen(page: Page, err: unknown): Promise<Error> {
  const error = err instanceof Error ? err : new Error(String(err));
  const screen = await page
    .locator("body")
    .ariaSnapshot({ timeout: 5_000 })
    .catch((e: unknown) => `(no snapshot: ${String(e)})`);
  error.message += `\n  at ${page.url()} the page showed:\n${screen.slice(0, 4_000)}`;
  return error;
}

/** The text of the shared alert dialog, then confirms it. */
export async function readAlert(page: Page): Promise<string> {
  const alert = page.getByRole("dialog", { name: "알림" });
  const text = (await alert.getByRole("alert").textContent()) ?? "";
  await alert.getByRole("button", { name: "확인" }).click();
  await alert.waitFor({ state: "hidden" });
  return text;
}
