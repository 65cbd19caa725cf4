/**
 * Login to a usable main window in real Chromium against the built server (demo company): from pressing Enter on the
 * login form until the chat tab is shown. Prints one JSON line per run and the median. Run with `npm run bench`.
 */
import { startServerProcess } from "@moa/server/testing";
import { launchChromium } from "../src/browser.js";

const USERS = [
  "minsu.kim",
  "sungmin.lee",
  "nayeon.park",
  "youngho.choi",
  "gaeun.jung",
];

const server = await startServerProcess();
const browser = await launchChromium();
const times: number[] = [];
try {
  for (const user of USERS) {
    const context = await browser.newContext({ locale: "ko-KR" });
    await context.addInitScript(() => {
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
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByRole("textbox", { name: "아이디" }).fill(user);
    const pw = page.getByLabel("비밀번호", { exact: true });
    await pw.fill("moa1234!");
    const start = performance.now();
    await pw.press("Enter");
    await page.getByRole("tab", { name: "채팅" }).waitFor({ timeout: 30_000 });
    const ms = Math.round(performance.now() - start);
    times.push(ms);
    process.stdout.write(
      `${JSON.stringify({ bench: "web-login-demo", user, ms })}\n`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
const sorted = [...times].sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({ bench: "web-login-demo", medianMs: sorted[Math.floor(sorted.length / 2)], targetMs: 1500 })}\n`,
);
