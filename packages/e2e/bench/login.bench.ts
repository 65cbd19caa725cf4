/**
 * Login to a usable main window in real Chromium against the built server: from pressing Enter on the login form
 * until the chat tab is shown, for the demo company and for a generated 20,000-user org. Prints one JSON line per
 * run and a median per org. Run with `npm run bench` (after `npm run build`).
 */
import type { Browser } from "playwright-core";
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import { launchChromium } from "../src/browser.js";
import {
  contextForDomain,
  mainWindowShown,
  startGeneratedOrgServer,
  submitPasswordLogin,
} from "./generated-org.js";

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
    const context = await contextForDomain(browser, domain);
    const page = await context.newPage();
    const start = await submitPasswordLogin(page, server.url, user);
    await mainWindowShown(page);
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

  const big = await startGeneratedOrgServer("big.moa.test");
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
  await browser.close();
}
