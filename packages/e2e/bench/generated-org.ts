/** Steps the browser benches share: a server over a generated org, and a browser context that signs in to it. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";

const cliPath = fileURLToPath(
  new URL("../../server/dist/cli/moa.js", import.meta.url),
);

/** Password of every generated and demo user. */
const PASSWORD = "moa1234!";

/**
 * Generates a 20,000-user / 600-department org with the admin CLI into a fresh data dir, then starts the server on it
 * (no demo seed).
 * @param domain - the generated company's domain.
 * @returns the server; `stop` also removes the data dir.
 */
export async function startGeneratedOrgServer(
  domain: string,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "moa-bench-20k-"));
  try {
    execFileSync(
      process.execPath,
      [
        cliPath,
        ...["org", "generate", "--domain", domain],
        ...["--users", "20000", "--departments", "600"],
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
    return {
      ...server,
      stop: async (opts) => {
        await server.stop(opts);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * A fresh browser context whose login screen has `domain` chosen already (no first-run domain dialog).
 * @returns the context.
 */
export async function contextForDomain(
  browser: Browser,
  domain: string,
): Promise<BrowserContext> {
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
  return context;
}

/**
 * Opens the login screen, fills in a user and submits with Enter.
 * @returns when Enter was pressed (performance.now()), for timing the login.
 */
export async function submitPasswordLogin(
  page: Page,
  url: string,
  user: string,
): Promise<number> {
  await page.goto(`${url}/#/login`);
  await page.getByRole("textbox", { name: "아이디" }).fill(user);
  const pw = page.getByLabel("비밀번호", { exact: true });
  await pw.fill(PASSWORD);
  const pressed = performance.now();
  await pw.press("Enter");
  return pressed;
}

/** Waits for the main window after a login (the org tree of a large org takes a while). */
export async function mainWindowShown(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "채팅" }).waitFor({ timeout: 60_000 });
}
