/** A user opening Moa in the browser: splash, then login; unknown addresses get a page with a way back. */
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import { openLoginWithDomain } from "./login-helpers.js";

describe("splash and routes", () => {
  test("the splash screen gives way to the login screen", async ({
    server,
    page,
  }) => {
    await page.goto(server.url);

    await page
      .getByRole("heading", { level: 1, name: "모아 메신저" })
      .waitFor();
    expect(new URL(page.url()).hash).toBe("#/splash");
    const entries = await page.evaluate(() => history.length);

    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#/login");
    expect(await page.getByRole("main").count()).toBe(1);
    // The splash replaced itself: Back does not lead to it again.
    expect(await page.evaluate(() => history.length)).toBe(entries);
  });

  test("an unknown route shows the fallback page, whose link leads back", async ({
    server,
    page,
  }) => {
    await page.goto(`${server.url}/#/no-such-screen`);

    await page
      .getByRole("heading", { level: 1, name: "페이지를 찾을 수 없습니다" })
      .waitFor();
    await page.getByRole("link", { name: "처음 화면으로 돌아가기" }).click();

    // The start is the main window, which sends a signed-out user on to the login screen.
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#/login");
  });

  test("the language chosen on the login screen applies at once and survives a reload", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();

    await page
      .getByRole("combobox", { name: "언어" })
      .selectOption({ label: "English" });

    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(
      "en-US",
    );

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(await page.title()).toBe("Sign in · Moa");
  });
});
