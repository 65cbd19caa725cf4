/** Both catalogs are complete: every key the code uses exists in each, and they hold the same keys. */
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { catalogs } from "./catalogs";
import { parts as enUSParts } from "./locales/en-US";
import { parts as koKRParts } from "./locales/ko-KR";

// Vite reads the sources at build time, so this test needs no Node file APIs.
const sources = import.meta.glob<string>(
  ["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../test/**"],
  { query: "?raw", import: "default", eager: true },
);

/** Literal keys in `t("…")`, `i18n.t("…")` and `i18nKey="…"`. */
function usedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  const patterns = [
    /\bt\(\s*(["'`])([^"'`$]+)\1/g,
    /\bi18nKey=\{?\s*(["'`])([^"'`$]+)\1/g,
  ];
  for (const [file, text] of Object.entries(sources))
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern))
        if (match[2]) keys.set(match[2], file);
  return keys;
}

describe("i18n catalogs", () => {
  it("scans the sources (guards against a broken glob)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(usedKeys().has("login.page.title")).toBe(true);
  });

  it.each(LOCALES)("%s has every key used in code", (locale) => {
    const missing = [...usedKeys()]
      .filter(([key]) => !(key in catalogs[locale]))
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it("ko-KR and en-US have the same keys", () => {
    const [ko, en] = LOCALES.map((l) => new Set(Object.keys(catalogs[l])));
    expect([...ko!].filter((k) => !en!.has(k))).toEqual([]);
    expect([...en!].filter((k) => !ko!.has(k))).toEqual([]);
  });

  it.each([
    ["ko-KR", koKRParts],
    ["en-US", enUSParts],
  ] as const)("%s defines each key in one file only", (_, parts) => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, messages] of Object.entries(parts))
      for (const key of Object.keys(messages)) {
        const first = seen.get(key);
        if (first) twice.push(`${key} (${first}, ${file})`);
        seen.set(key, file);
      }
    expect(twice).toEqual([]);
  });

  it.each(LOCALES)("%s has no empty message", (locale) => {
    const empty = Object.entries(catalogs[locale])
      .filter(([, message]) => message.trim() === "")
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
