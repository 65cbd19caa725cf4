/**
 * Steps the room window specs share: a second signed-in user in their own browser context, opening a room window from
 * the room list (it is a popup of the main window) and reading what a message bubble shows.
 */
import type { Browser, Locator, Page } from "playwright-core";
import {
  continueIfInUse,
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";
import { newReportingContext } from "./csp-guard.js";

/** Uncaught errors of the pages a spec opened itself (the fixture watches only its own page). */
export function watchErrors(page: Page, errors: string[]): void {
  page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().includes("net::ERR_"))
      errors.push(`${page.url()}: ${msg.text()}`);
  });
}

/** Signs a demo user in on a page that has no session yet (an earlier test's session may still count: continueIfInUse). */
export async function signIn(
  page: Page,
  serverUrl: string,
  loginId: string,
): Promise<void> {
  await openLoginWithDomain(page, serverUrl);
  await submitLogin(page, loginId);
  await continueIfInUse(page);
  await expectMainWindow(page);
}

/** A second user: a fresh browser context, signed in; closed by the returned function. Page errors and policy
 * violations of its pages go to `errors`. */
export async function secondUser(
  browser: Browser,
  serverUrl: string,
  loginId: string,
  errors: string[],
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newReportingContext(browser, errors);
  context.on("page", (p) => {
    watchErrors(p, errors);
  });
  const page = await context.newPage();
  await signIn(page, serverUrl, loginId);
  return { page, close: () => context.close() };
}

/**
 * Opens a room's window by double-clicking its row in the room list.
 * @param page - the main window.
 * @param rowName - the row's accessible name (room name and unread count).
 * @returns the room window once its message list shows.
 */
export async function openRoomWindow(
  page: Page,
  rowName: string | RegExp,
): Promise<Page> {
  const popup = page.waitForEvent("popup");
  await page
    .getByRole("list", { name: "대화방 목록" })
    .getByRole("button", { name: rowName })
    .dblclick();
  const room = await popup;
  await messageList(room).waitFor({ timeout: 20_000 });
  return room;
}

/** The room window's message list. */
export function messageList(room: Page): Locator {
  return room.getByRole("list", { name: "메시지" });
}

const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}$`);

/** The bubble (role article) whose whole text is `text` (a reply's bubble also holds its quote). */
export function bubble(room: Page, text: string): Locator {
  return messageList(room)
    .getByRole("article")
    .filter({ hasText: exactly(text) });
}

/** The list item of that message (bubble, unread count and time). */
export function messageItem(room: Page, text: string): Locator {
  return messageList(room)
    .getByRole("listitem")
    .filter({
      has: room.getByRole("article").filter({ hasText: exactly(text) }),
    });
}

/** Whether an element is inside the visible part of its page. */
export async function isInView(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });
}

/** Types a message in the composer and sends it with Enter. */
export async function sendText(room: Page, text: string): Promise<void> {
  const input = room.getByRole("textbox", { name: "메시지 입력" });
  await input.fill(text);
  await input.press("Enter");
}

/** Scrolls the message list to its top (older history loads from there). */
export async function scrollListToTop(room: Page): Promise<void> {
  await messageList(room).evaluate((list) => {
    const scroller =
      list.closest("[data-virtuoso-scroller]") ??
      list.parentElement?.parentElement;
    if (scroller) scroller.scrollTop = 0;
  });
}

/**
 * Clicks a control that closes its own window, and waits for it to close. A window that closes inside the click's
 * handler can be gone before Playwright has finished the click, which then fails with "Target page … has been closed"
 * though the click did its work; only a click that leaves the window open is an error.
 * @param window the window the control closes.
 * @param control the control.
 */
export async function clickToClose(
  window: Page,
  control: Locator,
): Promise<void> {
  const closed = window.waitForEvent("close");
  try {
    await control.click();
  } catch (err) {
    if (!window.isClosed()) throw err;
  }
  await closed;
}
