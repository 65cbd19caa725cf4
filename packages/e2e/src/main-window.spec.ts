/** The main window's header: the mini-window button opens the groupware's mini window with a number it can verify. */
import { DEMO_INTEGRATION_KEY } from "@moa/server/testing";
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import {
  DEMO,
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

describe("main window header", () => {
  test("the mini-window button opens the groupware mini window with a one-time number the groupware accepts once", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, DEMO.normal);
    await expectMainWindow(page, { hideNotice: true });

    // The groupware host does not exist here: only the address the browser was sent to matters.
    await page
      .context()
      .route("https://demo.moa.test/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "mini" }),
      );
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "미니 창" }).click();
    const url = new URL((await popup).url());
    expect(url.origin + url.pathname).toBe(`https://${DEMO.domain}/mini`);
    expect(url.searchParams.get("loginId")).toBe(DEMO.normal);
    expect(url.searchParams.get("domain")).toBe(DEMO.domain);

    const verify = async () =>
      (await (
        await fetch(`${server.url}/integration/v1/mini/verify`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${DEMO_INTEGRATION_KEY}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({
            loginId: DEMO.normal,
            authNo: url.searchParams.get("authNo"),
          }),
        })
      ).json()) as { valid?: boolean };
    expect(await verify()).toMatchObject({ valid: true });
    expect(await verify()).not.toMatchObject({ valid: true });
  });
});
