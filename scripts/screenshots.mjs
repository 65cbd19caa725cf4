#!/usr/bin/env node
/**
 * `npm run screenshots`: starts the built server on a fresh data dir, drives the real app in Chromium and writes the
 * login screen and the main window (at 1024 px and at the desktop shell's 420 px main-window width) in both locales
 * and both themes, and the friend, commute and org tabs, the user card, the internet phone dialog, the webhard window,
 * the settings window and the alarm settings dialog in Korean (both themes), to docs/images/.
 * Run `npm run build` first.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const OUT = "docs/images";
const SHOTS = [
  { locale: "ko-KR", theme: "light", user: "minsu.kim" },
  // The demo user with friend groups, in both Korean shots; the second login takes over the first one's session.
  { locale: "ko-KR", theme: "dark", user: "minsu.kim" },
  { locale: "en-US", theme: "light", user: "nayeon.park" },
  { locale: "en-US", theme: "dark", user: "youngho.choi" },
];
const TEXT = {
  "ko-KR": {
    id: "아이디",
    password: "비밀번호",
    close: "닫기",
    tab: "채팅",
    openSearch: "검색 열기",
    sessionExists: "중복 로그인",
    continueLogin: "계속 로그인",
  },
  "en-US": {
    id: "ID",
    password: "Password",
    close: "Close",
    tab: "Chats",
    openSearch: "Open search",
    sessionExists: "Already signed in",
    continueLogin: "Continue",
  },
};

async function startServer(dataDir) {
  const child = spawn(process.execPath, ["packages/server/dist/main.js"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${out}`)),
      // A fresh data dir seeds the demo company first, which takes over a minute on a busy machine.
      180_000,
    );
    const onData = (chunk) => {
      out += chunk.toString();
      const m = /Moa is running at (\S+?)\/?\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) =>
      reject(new Error(`server exited with ${code}:\n${out}`)),
    );
  });
  return { url, child };
}

/** Waits until no finite animation runs (dialogs zoom and fade in), so a shot never catches one half-drawn. */
async function settled(page) {
  // A string, so it runs in the page (this script's lint knows no DOM globals); a cancelled animation counts as done.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  )`);
}

/** The friend tab (the demo user's friend groups, or its empty state) and the commute panel. */
async function shootFriendAndCommute(page, name) {
  await page.getByRole("tab", { name: "친구" }).click();
  await page
    .getByRole("list", { name: "친구 목록" })
    .or(page.getByText("친구가 없습니다", { exact: false }))
    .waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, `friends-${name}.png`) });
  await page.getByRole("tab", { name: "출퇴근" }).click();
  await page.getByRole("table", { name: "이번 주 출퇴근" }).waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, `commute-${name}.png`) });
  console.log(
    `wrote ${OUT}/friends-${name}.png and ${OUT}/commute-${name}.png`,
  );
}

/** The org tab at the user's own department, then the user card of the first person listed there. */
async function shootOrgAndCard(page, name) {
  await page.getByRole("tab", { name: "조직도" }).click();
  const tree = page.getByRole("tree", { name: "조직도" });
  // Department rows are named with their head count ("개발팀 12명"); people rows carry no digits.
  const person = tree.getByRole("treeitem", { name: /^\D+$/ }).first();
  await person.waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, `org-${name}.png`) });
  await person.click();
  const card = page.getByRole("dialog", { name: "사용자 정보" });
  await card.waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, `user-card-${name}.png`) });
  await page.keyboard.press("Escape");
  await card.waitFor({ state: "hidden" });
  console.log(`wrote ${OUT}/org-${name}.png and ${OUT}/user-card-${name}.png`);
}

/** The internet phone dialog with a number typed on its keypad (both ko-KR users are set up for the phone). */
async function shootPhone(page, name) {
  await page.getByRole("button", { name: "인터넷 전화" }).click();
  const dialog = page.getByRole("dialog", { name: "인터넷 전화" });
  const keypad = dialog.getByRole("group", { name: "키패드" });
  await keypad.waitFor();
  for (const key of "0260001001")
    await keypad.getByRole("button", { name: key, exact: true }).click();
  await dialog
    .getByRole("status", { name: "통화 상태" })
    .filter({ hasText: "대기" })
    .waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, `phone-${name}.png`) });
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  console.log(`wrote ${OUT}/phone-${name}.png`);
}

/**
 * The webhard window beside the main window (same browser context, so it talks to the main window as a popup does):
 * its login form at the small size, then the shared folder with three files picked at the large size (spec §9).
 * The room only matters when links are sent, and none are.
 */
async function shootWebhard(page, name, user) {
  const webhard = await page.context().newPage();
  await webhard.setViewportSize({ width: 400, height: 420 });
  await webhard.goto(`${page.url().split("#")[0]}#/webhard?rparam=screenshot`);
  const login = webhard.getByRole("form", { name: "웹하드 로그인" });
  // The webhard takes the signed-in user's own ID and password.
  await login.getByLabel("아이디").fill(user);
  await login.getByLabel("비밀번호").fill("moa1234!");
  await settled(webhard);
  await webhard.screenshot({ path: join(OUT, `webhard-login-${name}.png`) });
  await login.getByRole("button", { name: "로그인" }).click();
  await webhard.setViewportSize({ width: 1200, height: 550 });
  const table = webhard.getByRole("table", { name: "파일 목록" });
  await table.getByRole("button", { name: "공용 문서 폴더 열기" }).click();
  for (const week of ["01", "02", "03"])
    await table
      .getByRole("checkbox", { name: `주간 회의록 ${week}주차.docx 선택` })
      .check();
  await settled(webhard);
  await webhard.screenshot({ path: join(OUT, `webhard-${name}.png`) });
  await webhard.close();
  console.log(
    `wrote ${OUT}/webhard-login-${name}.png and ${OUT}/webhard-${name}.png`,
  );
}

/**
 * The settings window (opened from the more tab, at the size the main window gives it) on its basic tab and on its
 * other tab, then the alarm settings dialog of the main window.
 */
async function shootSettings(page, name) {
  await page.getByRole("tab", { name: "더보기" }).click();
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "환경설정" }).click();
  const settings = await opened;
  await settings.setViewportSize({ width: 640, height: 560 });
  await settings
    .getByRole("spinbutton", { name: "자리 비움 전환 시간(분)" })
    .waitFor();
  await settled(settings);
  await settings.screenshot({ path: join(OUT, `settings-${name}.png`) });
  await settings.getByRole("tab", { name: "기타" }).click();
  await settings.getByRole("group", { name: /^위젯 선택/ }).waitFor();
  await settled(settings);
  await settings.screenshot({ path: join(OUT, `settings-etc-${name}.png`) });
  await settings.close();
  await page.getByRole("button", { name: "알림 설정" }).click();
  const dialog = page.getByRole("dialog", { name: "알림 설정" });
  await dialog.getByRole("checkbox", { name: "메일" }).waitFor();
  await settled(page);
  await page.screenshot({ path: join(OUT, `alarm-settings-${name}.png`) });
  await dialog.getByRole("button", { name: "확인" }).click();
  await dialog.waitFor({ state: "hidden" });
  console.log(
    `wrote ${OUT}/settings-${name}.png, settings-etc-${name}.png and alarm-settings-${name}.png`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), "moa-shots-"));
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const { locale, theme, user } of SHOTS) {
    const context = await browser.newContext({
      locale,
      viewport: { width: 1024, height: 640 },
      colorScheme: theme,
    });
    await context.addInitScript(
      ([loc, th]) => {
        localStorage.setItem("moa.locale", loc);
        localStorage.setItem("moa.theme", JSON.stringify(th));
        localStorage.setItem(
          "moa.login",
          JSON.stringify({
            domain: "demo.moa.test",
            domains: ["demo.moa.test"],
            saveId: false,
            id: "",
            auto: false,
          }),
        );
      },
      [locale, theme],
    );
    const page = await context.newPage();
    const t = TEXT[locale];
    const name = `${locale.slice(0, 2)}-${theme}`;
    await page.goto(`${server.url}/#/login`);
    await page.getByRole("textbox", { name: t.id }).fill(user);
    await page.getByLabel(t.password, { exact: true }).fill("moa1234!");
    await settled(page);
    await page.screenshot({ path: join(OUT, `login-${name}.png`) });
    await page.getByLabel(t.password, { exact: true }).press("Enter");
    const mainTab = page.getByRole("tab", { name: t.tab });
    const sessionDialog = page.getByRole("dialog", { name: t.sessionExists });
    await mainTab.or(sessionDialog).waitFor({ timeout: 20_000 });
    if (await sessionDialog.isVisible())
      await sessionDialog
        .getByRole("button", { name: t.continueLogin })
        .click();
    await mainTab.waitFor({ timeout: 20_000 });
    const popup = page
      .getByRole("dialog")
      .filter({ has: page.getByRole("checkbox") });
    await popup.waitFor();
    await popup.getByRole("button", { name: t.close }).first().click();
    await popup.waitFor({ state: "hidden" });
    await settled(page);
    await page.screenshot({ path: join(OUT, `main-${name}.png`) });
    if (locale === "ko-KR") {
      await shootFriendAndCommute(page, name);
      await shootOrgAndCard(page, name);
      await shootPhone(page, name);
      await shootWebhard(page, name, user);
      await shootSettings(page, name);
      await page.getByRole("tab", { name: t.tab }).click();
    }
    // The desktop shell opens the main window 420 px wide.
    await page.setViewportSize({ width: 420, height: 720 });
    // Narrow, the header has folded its search box into an icon.
    await page.getByRole("button", { name: t.openSearch }).waitFor();
    await settled(page);
    await page.screenshot({ path: join(OUT, `main-narrow-${name}.png`) });
    console.log(
      `wrote ${OUT}/login-${name}.png, main-${name}.png and main-narrow-${name}.png`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
