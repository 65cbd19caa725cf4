/** Where the harness looks for Chromium, and what it says when there is none. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHROMIUM_MISSING, findChromium } from "./browser.js";

describe("findChromium", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "moa-chromium-"));
    dirs.push(dir);
    return dir;
  };
  const touch = (path: string) => {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, "");
    return path;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0))
      rmSync(dir, { recursive: true, force: true });
  });

  it("prefers CHROME_PATH", () => {
    const home = tempDir();
    const binary = touch(join(home, "my-chrome"));
    expect(findChromium({ env: { CHROME_PATH: binary }, home })).toBe(binary);
  });

  it("uses Debian's chromium next", () => {
    const home = tempDir();
    const system = touch(join(home, "usr-bin-chromium"));
    expect(findChromium({ env: {}, home, systemPath: system })).toBe(system);
  });

  it("falls back to the newest build in Playwright's cache", () => {
    const home = tempDir();
    const cache = join(home, ".cache", "ms-playwright");
    touch(join(cache, "chromium-1100", "chrome-linux", "chrome"));
    const newest = touch(
      join(cache, "chromium-1200", "chrome-linux", "chrome"),
    );
    mkdirSync(join(cache, "chromium-1300"), { recursive: true }); // incomplete download
    expect(
      findChromium({ env: {}, home, systemPath: join(home, "none") }),
    ).toBe(newest);
  });

  it("says in one line how to install it when there is none", () => {
    const home = tempDir();
    const find = () =>
      findChromium({ env: {}, home, systemPath: join(home, "none") });
    expect(find).toThrow(CHROMIUM_MISSING);
    expect(CHROMIUM_MISSING).toContain(
      "apt-get install -y chromium fonts-nanum",
    );
    expect(CHROMIUM_MISSING).not.toContain("\n");
  });

  it("reports a CHROME_PATH that does not exist instead of silently using another browser", () => {
    const home = tempDir();
    expect(() =>
      findChromium({ env: { CHROME_PATH: join(home, "missing") }, home }),
    ).toThrow(/CHROME_PATH=.*does not exist/);
  });
});
