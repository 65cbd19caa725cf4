/**
 * First-load ceilings: the JavaScript a browser fetches until the login screen is usable, and until the main window is
 * usable after logging in, measured as the gzip bytes of the built files it asked for (brotli answers are smaller
 * still; gzip is what every client can get). The ceilings are the targets of issue #12: the login screen under
 * 250 kB and the main window under 400 kB.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

const LOGIN_BUDGET = 250_000;
const MAIN_BUDGET = 400_000;
const webDist = fileURLToPath(new URL("../../web/dist/", import.meta.url));

/** Every script the page requests from the app, in order, as paths below the web root. */
function recordScripts(page: Page, origin: string): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith(".js"))
      scripts.push(url.pathname.slice(1));
  });
  return scripts;
}

/** What the server sends gzip-encoded: the precompressed sibling, or (files too small to get one) the file gzipped. */
function gzipBytes(scripts: readonly string[]): number {
  return [...new Set(scripts)].reduce((sum, path) => {
    const file = `${webDist}${path}`;
    return (
      sum +
      (existsSync(`${file}.gz`)
        ? statSync(`${file}.gz`).size
        : gzipSync(readFileSync(file)).length)
    );
  }, 0);
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

describe("first load", () => {
  test(`the login screen needs under ${kB(LOGIN_BUDGET)} and the main window under ${kB(MAIN_BUDGET)} of gzipped JavaScript`, async ({
    server,
    page,
  }) => {
    const scripts = recordScripts(page, server.url);
    await openLoginWithDomain(page, server.url);
    await page.getByRole("textbox", { name: "아이디" }).waitFor();
    const login = gzipBytes(scripts);

    await submitLogin(page, "minsu.kim");
    await expectMainWindow(page);
    const main = gzipBytes(scripts);

    // eslint-disable-next-line no-console -- the figures the README's performance table quotes
    console.log(
      `first-load JavaScript (gzip): login ${kB(login)}, main window ${kB(main)} (${new Set(scripts).size} files)`,
    );
    expect(login).toBeLessThan(LOGIN_BUDGET);
    expect(main).toBeLessThan(MAIN_BUDGET);
  });
});
