/**
 * An in-process server (the built web client included) over a fresh database with a small company, for specs that
 * set the server's clock (attendance) or need only a few named colleagues. Starts much faster than the seeded demo
 * server process.
 */
import {
  createCompany,
  createDepartment,
  createTestServer,
  createUser,
  type TestServer,
  type TestUser,
} from "@moa/server/testing";
import type { Page } from "playwright-core";
import {
  continueIfInUse,
  expectMainWindow,
  watchNoticePopup,
} from "./login-helpers.js";

export type TestCompany = {
  server: TestServer;
  domain: string;
  /** The users by the names asked for. */
  users: Record<string, TestUser>;
  /** Sets the server's time (the clock its services read). */
  setTime(at: Date): void;
};

/**
 * Starts the server and creates one department with the named users (all with attendance write power).
 * @param names - the users' display names.
 * @param start - the server's time at start.
 */
export async function startTestCompany(
  names: readonly string[],
  start = new Date(),
): Promise<TestCompany> {
  let now = start;
  const server = await createTestServer({}, { clock: () => now });
  const db = server.database.db;
  const company = await createCompany(db);
  const dept = await createDepartment(db, company, { name: "개발팀" });
  const users: Record<string, TestUser> = {};
  for (const name of names)
    users[name] = await createUser(db, company, {
      name,
      deptKey: dept.key,
      attendanceWritePower: true,
    });
  return {
    server,
    domain: company.domain,
    users,
    setTime(at) {
      now = at;
    },
  };
}

/**
 * Signs a user in through the login screen (first run: the domain dialog) and waits for the main window; an earlier
 * test's session of the same user may still count (continueIfInUse).
 */
export async function signInAs(
  page: Page,
  company: TestCompany,
  user: TestUser,
): Promise<void> {
  await page.goto(`${company.server.url}/#/login`);
  const dialog = page.getByRole("dialog", { name: "회사 도메인" });
  await dialog
    .getByRole("textbox", { name: "새 도메인" })
    .fill(`https://${company.domain}/`);
  await dialog.getByRole("button", { name: "확인" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("textbox", { name: "아이디" }).fill(user.loginId);
  const pw = page.getByLabel("비밀번호", { exact: true });
  await pw.fill(user.password);
  watchNoticePopup(page);
  await pw.press("Enter");
  await continueIfInUse(page);
  await expectMainWindow(page);
}
