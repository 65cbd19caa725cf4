/** Finds and launches a locally installed Chromium for the e2e specs; nothing is ever downloaded. */
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";

/** One line, so a failed run says exactly what to do. */
export const CHROMIUM_MISSING =
  "Chromium not found: run `apt-get install -y chromium fonts-nanum` or set CHROME_PATH to a Chromium binary";

/** Flags for a quiet, offline, container-friendly headless Chromium. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export type ChromiumLookup = {
  env?: NodeJS.ProcessEnv;
  home?: string;
  systemPath?: string;
};

/**
 * Chromium's path: `CHROME_PATH` (or `CHROMIUM_PATH`), then Debian's `/usr/bin/chromium`,
 * then the newest build in Playwright's cache.
 * @throws Error with {@link CHROMIUM_MISSING} when none exists.
 */
export function findChromium({
  env = process.env,
  home = homedir(),
  systemPath = "/usr/bin/chromium",
}: ChromiumLookup = {}): string {
  const configured = env.CHROME_PATH ?? env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(
      `${CHROMIUM_MISSING} (CHROME_PATH=${configured} does not exist)`,
    );
  }
  if (existsSync(systemPath)) return systemPath;
  const cached = playwrightCacheBuilds(join(home, ".cache", "ms-playwright"));
  if (cached) return cached;
  throw new Error(CHROMIUM_MISSING);
}

function playwrightCacheBuilds(cacheDir: string): string | undefined {
  if (!existsSync(cacheDir)) return undefined;
  const revision = (dir: string) => Number(dir.slice("chromium-".length));
  return readdirSync(cacheDir)
    .filter((dir) => /^chromium-\d+$/.test(dir))
    .sort((a, b) => revision(b) - revision(a))
    .map((dir) => join(cacheDir, dir, "chrome-linux", "chrome"))
    .find((binary) => existsSync(binary));
}

/** Launches headless Chromium; the caller closes it. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
  });
}
