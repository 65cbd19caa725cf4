/**
 * The Content-Security-Policy in the browser: the served page refuses inline script, the e2e fixture reports the
 * refusal (so every other spec fails on a violation), and signing in to the main window causes none.
 */
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import {
  DEMO,
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

describe("content security policy", () => {
  test("an injected inline script does not run, and the fixture reports the violation", async ({
    server,
    page,
    cspViolations,
  }) => {
    await openLoginWithDomain(page, server.url);
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.body.dataset.injected = 'ran';";
      document.body.append(script);
    });
    await expect
      .poll(() => cspViolations.join("\n"), { timeout: 10_000 })
      .toMatch(/script-src-elem refused inline/);
    expect(await page.evaluate(() => document.body.dataset.injected)).toBe(
      undefined,
    );
    // Seen and expected: cleared so the fixture's check passes for this test only.
    cspViolations.length = 0;
  });

  test("signing in to the main window causes no violation", async ({
    server,
    page,
    cspViolations,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, DEMO.normal);
    await expectMainWindow(page);
    await page.getByText(DEMO.company).waitFor();
    expect(cspViolations).toEqual([]);
  });
});
