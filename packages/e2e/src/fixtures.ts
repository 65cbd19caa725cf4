/**
 * The e2e `test`: per spec file a real built server on a fresh copy of the seeded demo data (global-setup.ts) and one Chromium;
 * per test a fresh browser context (no shared storage), a screenshot on failure, no uncaught page errors and no
 * Content-Security-Policy violation in any context the test opens (`cspViolations`, checked after every test).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess } from "@moa/server/testing";
import type { Page } from "playwright-core";
import { inject, test as base } from "vitest";
import { launchChromium } from "./browser.js";
import { isCspConsoleLine, newReportingContext } from "./csp-guard.js";

const artifactsDir = fileURLToPath(new URL("../artifacts/", import.meta.url));

export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("server", { scope: "file" }, async ({}, { onCleanup }) => {
    const dataDir = copySeededData();
    const server = await startServerProcess({ dataDir });
    onCleanup(async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await expectWebClient(server.url);
    return server;
  })
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend("cspViolations", { auto: true }, ({}, { onCleanup }) => {
    const violations: string[] = [];
    // Runs after the page's cleanup (which depends on this), so late reports of a closing page count too.
    onCleanup(() => {
      if (violations.length > 0)
        throw new Error(
          `Content-Security-Policy violations:\n${violations.join("\n")}`,
        );
    });
    return violations;
  })
  .extend("page", async ({ browser, task, cspViolations }, { onCleanup }) => {
    const context = await newReportingContext(browser, cspViolations);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (err) => pageErrors.push(err.message));
    page.on("console", (msg) => {
      // The browser's own lines for refused connections (server restarts) are not errors of the app, nor its lines
      // for the 503 a draining server answers to requests already on their way (Fastify's return503OnClosing); policy
      // violations are reported to cspViolations.
      if (
        msg.type() === "error" &&
        !msg.text().includes("net::ERR_") &&
        !msg.text().includes("the server responded with a status of 503") &&
        !isCspConsoleLine(msg.text())
      )
        pageErrors.push(msg.text());
    });
    onCleanup(async () => {
      // Fixture cleanup runs after the test's result is known.
      if (task.result?.state === "fail") await screenshot(page, task.name);
      await context.close();
      if (pageErrors.length > 0)
        throw new Error(`errors in the page:\n${pageErrors.join("\n")}`);
    });
    return page;
  });

/** A fresh data directory holding the demo company the run's global set-up seeded (global-setup.ts). */
export function copySeededData(): string {
  const dataDir = mkdtempSync(join(tmpdir(), "moa-e2e-"));
  cpSync(inject("seededDataDir"), dataDir, {
    recursive: true,
    // The stopped template holds no live lock or socket, but a copy never should.
    filter: (src) => !["moa.lock", "admin.sock"].includes(basename(src)),
  });
  return dataDir;
}

/** Fails fast with the fix when the server runs without a built web client. */
async function expectWebClient(url: string) {
  const res = await fetch(url);
  if (!res.headers.get("content-type")?.includes("text/html"))
    throw new Error(
      `${url} serves no web client: run \`npm run build\` (server and web) before the e2e specs`,
    );
}

async function screenshot(page: Page, testName: string) {
  mkdirSync(artifactsDir, { recursive: true });
  const file = `${testName.replace(/[^\w-]+/g, "_").slice(0, 100)}.png`;
  await page.screenshot({ path: `${artifactsDir}${file}`, fullPage: true });
}
