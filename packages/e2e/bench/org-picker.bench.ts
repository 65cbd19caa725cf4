/**
 * The org picker on a generated 20,000-user org in real Chromium against the built server: time from the new-chat
 * click to the tree, to search results for a common surname, and to the selection after checking a whole division
 * and then the whole company. Prints one JSON line per step and run. Run with `npm run bench` (after `npm run build`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess } from "@moa/server/testing";
import type { Page } from "playwright-core";
import { launchChromium } from "../src/browser.js";

const cliPath = fileURLToPath(
  new URL("../../server/dist/cli/moa.js", import.meta.url),
);
const DOMAIN = "big.moa.test";
const RUNS = 3;

const emit = (line: Record<string, unknown>) => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

/** Milliseconds from an action until a condition holds. */
async function timed(
  action: () => Promise<void>,
  done: () => Promise<void>,
): Promise<number> {
  const start = performance.now();
  await action();
  await done();
  return Math.round(performance.now() - start);
}

async function measure(page: Page, run: number) {
  const picker = page.getByRole("dialog", { name: "새 대화" });
  const open = await timed(
    () => page.getByRole("button", { name: "새 대화" }).click(),
    () =>
      picker
        .getByRole("tree", { name: "조직도" })
        .getByRole("checkbox", { name: "개발본부" })
        .waitFor(),
  );
  const search = picker.getByRole("textbox", { name: "이름 검색" });
  const searchMs = await timed(
    () => search.fill("김"),
    () => picker.getByRole("tree", { name: "조직도 검색 결과" }).waitFor(),
  );
  await search.fill("");
  await picker.getByRole("tree", { name: "조직도" }).waitFor();
  const division = await timed(
    () => picker.getByRole("checkbox", { name: "개발본부" }).check(),
    () =>
      picker
        .getByRole("region", { name: /^선택한 사용자 [1-9]\d*명$/ })
        .waitFor(),
  );
  const company = await timed(
    () => picker.getByRole("checkbox", { name: "모아그룹" }).check(),
    () =>
      picker.getByRole("region", { name: "선택한 사용자 19999명" }).waitFor(),
  );
  emit({
    bench: "org-picker-20k",
    run,
    openMs: open,
    searchMs,
    checkDivisionMs: division,
    checkCompanyMs: company,
  });
  await picker.getByRole("button", { name: "취소" }).click();
  await picker.waitFor({ state: "hidden" });
}

// The large org is generated with the admin CLI into its own data dir before the server starts.
const dataDir = mkdtempSync(join(tmpdir(), "moa-bench-picker-"));
const browser = await launchChromium();
try {
  execFileSync(
    process.execPath,
    [
      cliPath,
      "org",
      "generate",
      "--domain",
      DOMAIN,
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
  const server = await startServerProcess({
    dataDir,
    env: { SEED_DEMO: "false" },
  });
  try {
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
    }, DOMAIN);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByRole("textbox", { name: "아이디" }).fill("u000001");
    const pw = page.getByLabel("비밀번호", { exact: true });
    await pw.fill("moa1234!");
    await pw.press("Enter");
    await page.getByRole("tab", { name: "채팅" }).waitFor({ timeout: 60_000 });
    for (let run = 1; run <= RUNS; run += 1) await measure(page, run);
    await context.close();
  } finally {
    await server.stop();
  }
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}
