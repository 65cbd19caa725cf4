/**
 * Login to a usable main window in real Chromium against the built server: from pressing Enter on the login form
 * until the chat tab is shown, for the demo company and for a generated 20,000-user org. Prints one JSON line per
 * run and a median per org. Run with `npm run bench` (after `npm run build`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import { launchChromium } from "../src/browser.js";

const cliPath = fileURLToPath(
  new URL("../../server/dist/cli/moa.js", import.meta.url),
);

async function measure(
  browser: Browser,
  server: ServerProcess,
  bench: string,
  domain: string,
  users: readonly string[],
  targetMs: number,
): Promise<void> {
  const times: number[] = [];
  for (const user of users) {
    const context = await browser.newContext({ locale: "ko-KR" });
    await context.addInitScript((d: string) => {
      localStorage.setItem(
        "moa.login",
        JSON.stringify({
          domain: d,
          domains: [d],
          saveId: false,
          id: "",
          auto: false,
        }),
      );
    }, domain);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByRole("textbox", { name: "아이디" }).fill(user);
    const pw = page.getByLabel("비밀번호", { exact: true });
    await pw.fill("moa1234!");
    const start = performance.now();
    await pw.press("Enter");
    await page.getByRole("tab", { name: "채팅" }).waitFor({ timeout: 60_000 });
    const ms = Math.round(performance.now() - start);
    times.push(ms);
    process.stdout.write(`${JSON.stringify({ bench, user, ms })}\n`);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ bench, medianMs: sorted[Math.floor(sorted.length / 2)], targetMs })}\n`,
  );
}

const browser = await launchChromium();
try {
  const demo = await startServerProcess();
  try {
    await measure(
      browser,
      demo,
      "web-login-demo",
      "demo.moa.test",
      ["minsu.kim", "sungmin.lee", "nayeon.park", "youngho.choi", "gaeun.jung"],
      1500,
    );
  } finally {
    await demo.stop();
  }

  // The large org is generated with the admin CLI into its own data dir before the server starts.
  const dataDir = mkdtempSync(join(tmpdir(), "moa-bench-20k-"));
  try {
    execFileSync(
      process.execPath,
      [
        cliPath,
        "org",
        "generate",
        "--domain",
        "big.moa.test",
        "--users",
        "20000",
        "--departments",
        "600",
      ],
      {
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
        stdio: "ignore",
      },
    );
    const big = await startServerProcess({
      dataDir,
      env: { SEED_DEMO: "false" },
    });
    try {
      await measure(
        browser,
        big,
        "web-login-20k",
        "big.moa.test",
        ["u000001", "u004242", "u010000", "u015555", "u019999"],
        3000,
      );
    } finally {
      await big.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  await browser.close();
}
