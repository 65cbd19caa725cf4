/**
 * The shortcut tab: only the menus the company enabled, grouped; a menu opens a signed link the server can verify
 * (HMAC-SHA1 of uid, ts and re with the web token), an external one the page its single-sign-on check returns.
 */
import { ssoSigningInput } from "@moa/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRest, TEST_USER } from "../../test/fake-rest";
import { ShortcutTab } from "./ShortcutTab";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function hmac(key: string, text: string): Promise<string> {
  const k = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(text)),
  );
  return btoa(String.fromCharCode(...mac));
}

describe("ShortcutTab", { timeout: 30_000 }, () => {
  it("shows only enabled menus and opens them through a signed link or the external check", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { sent } = renderWithRest(
      <ShortcutTab
        flags={{ mailUsed: true, noteUsed: false, webfaxUsed: true }}
        openMode="pc"
      />,
      (req) =>
        req.path === "/external/sso/msn/webfax/simpl.json"
          ? {
              success: true,
              message: "",
              data: {
                svcInfo: "simplogin",
                certificationkey: "c",
                userId: "minsu.kim",
                authKey: "a",
                ssoKey: "s",
                url: "https://demo.moa.test/webfax/simplogin?userId=minsu.kim",
              },
            }
          : undefined,
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "메일",
      "웹팩스",
    ]);
    screen.getByRole("region", { name: "업무" });
    screen.getByRole("region", { name: "외부 서비스" });

    await user.click(screen.getByRole("button", { name: "메일" }));
    await waitFor(() => {
      expect(opened).toHaveBeenCalledTimes(1);
    });
    const link = new URL(String(opened.mock.calls[0]?.[0]), "http://moa.test");
    expect(link.pathname).toBe("/sso/link");
    const uid = link.searchParams.get("uid") ?? "";
    const ts = link.searchParams.get("ts") ?? "";
    const re = link.searchParams.get("re") ?? "";
    expect([uid, re]).toEqual([String(TEST_USER.userKey), "mail"]);
    expect(link.searchParams.get("sign")).toBe(
      await hmac("web", ssoSigningInput({ uid, ts, re })),
    );

    await user.click(screen.getByRole("button", { name: "웹팩스" }));
    await waitFor(() => {
      expect(opened).toHaveBeenCalledTimes(2);
    });
    expect(opened.mock.calls[1]?.[0]).toBe(
      "https://demo.moa.test/webfax/simplogin?userId=minsu.kim",
    );
    expect(sent.at(-1)?.body).toEqual({ corpSeq: 1, usrKey: 7 });
  });
});
