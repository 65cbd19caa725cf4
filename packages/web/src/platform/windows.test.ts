import { afterEach, describe, expect, it, vi } from "vitest";
import { openExternal } from "./windows";

/** A browser's window.open as the HTML spec has it: null when blocked, and always null with "noopener". */
function browserOpen(blocked: boolean) {
  const tab = { opener: window as unknown };
  const open = vi.fn((_url?: string, _target?: string, features?: string) =>
    blocked || /noopener|noreferrer/.test(features ?? "") ? null : tab,
  );
  vi.spyOn(window, "open").mockImplementation(
    open as unknown as typeof window.open,
  );
  return { tab, open };
}

describe("openExternal", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("reports an opened tab as opened, sent to the page with no way back to this window", () => {
    const { tab, open } = browserOpen(false);
    expect(openExternal("https://gw.example.com/sso/login?x=1")).toBe(true);
    expect(open).toHaveBeenCalledWith(
      "https://gw.example.com/sso/login?x=1",
      "_blank",
    );
    expect(tab.opener).toBeNull();
  });

  it("reports a blocked popup as not opened", () => {
    browserOpen(true);
    expect(openExternal("https://gw.example.com/")).toBe(false);
  });
});
