/**
 * A rate-limited login in the browser: the login screen says to wait and stays usable (no server-error exit).
 * The spec starts its own server with a low per-address login limit, and its own page, because the browser logs
 * the refused request (HTTP 429) to the console, which the shared page fixture counts as a page error.
 */
import { startServerProcess } from "@moa/server/testing";
import { describe, expect } from "vitest";
import { newReportingContext } from "./csp-guard.js";
import { test } from "./fixtures.js";
import {
  DEMO,
  openLoginWithDomain,
  readAlert,
  submitLogin,
} from "./login-helpers.js";

describe("login rate limit", () => {
  test("after the configured wrong logins from one address the login screen tells the user to wait", async ({
    browser,
    cspViolations,
  }) => {
    const server = await startServerProcess({
      env: { THROTTLE_LOGIN_PER_ADDRESS: "2" },
    });
    const context = await newReportingContext(browser, cspViolations);
    try {
      const page = await context.newPage();
      await openLoginWithDomain(page, server.url);
      for (let i = 0; i < 2; i += 1) {
        await submitLogin(page, DEMO.normal, "wrong-password");
        expect(await readAlert(page)).toContain("비밀번호가 올바르지 않습니다");
      }
      await submitLogin(page, DEMO.normal, "wrong-password");
      expect(await readAlert(page)).toContain("요청이 너무 많습니다");
      // Still on the login form, ready for a later try.
      await page.getByRole("textbox", { name: "아이디" }).waitFor();
      expect(new URL(page.url()).hash).toBe("#/login");
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
