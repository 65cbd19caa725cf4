import { describe, expect, it } from "vitest";
import {
  buildSearchPattern,
  escapeRegExp,
  findMatchRanges,
  matchesName,
  stepMatchIndex,
  lowerAsIndexed,
} from "./search.js";

describe("buildSearchPattern", () => {
  it("does nothing for blank text", () => {
    expect(buildSearchPattern("")).toBeNull();
    expect(buildSearchPattern("  \t ")).toBeNull();
  });

  it("matches case-insensitively", () => {
    expect(buildSearchPattern("Hello")?.test("say hELLo")).toBe(true);
  });

  it("matches regex metacharacters literally", () => {
    const pattern = buildSearchPattern("a.b*(c)?[d]{2}|e\\f/g^$+");
    expect(pattern?.test("a.b*(c)?[d]{2}|e\\f/g^$+")).toBe(true);
    expect(buildSearchPattern("a.c")?.test("abc")).toBe(false);
  });

  it("finds Hangul typed in decomposed form", () => {
    expect(
      buildSearchPattern("회의".normalize("NFD"))?.test("내일 회의 3시"),
    ).toBe(true);
  });
});

describe("escapeRegExp", () => {
  it("produces a pattern valid with the u flag", () => {
    expect(() => new RegExp(escapeRegExp("-,.:=!<>#&~"), "u")).not.toThrow();
  });
});

describe("findMatchRanges", () => {
  it("finds every match as UTF-16 ranges", () => {
    const text = "Ab ab AB";
    const ranges = findMatchRanges(text, buildSearchPattern("ab"));
    expect(ranges).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 5 },
      { start: 6, end: 8 },
    ]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      "Ab",
      "ab",
      "AB",
    ]);
  });

  it("counts ranges after an emoji in UTF-16 units so slice highlights the right text", () => {
    const text = "😀회의 회의";
    const ranges = findMatchRanges(text, buildSearchPattern("회의"));
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      "회의",
      "회의",
    ]);
    expect(ranges[0]).toEqual({ start: 2, end: 4 });
  });

  it("returns nothing for no pattern, no match or empty text", () => {
    expect(findMatchRanges("text", null)).toEqual([]);
    expect(findMatchRanges("text", buildSearchPattern("zzz"))).toEqual([]);
    expect(findMatchRanges("", buildSearchPattern("a"))).toEqual([]);
  });

  it("does not disturb a global pattern the caller holds", () => {
    const pattern = /a/g;
    findMatchRanges("aaa", pattern);
    expect(pattern.lastIndex).toBe(0);
  });
});

describe("stepMatchIndex", () => {
  it("wraps around at both ends", () => {
    expect(stepMatchIndex(2, 3, "next")).toBe(0);
    expect(stepMatchIndex(0, 3, "previous")).toBe(2);
    expect(stepMatchIndex(1, 3, "next")).toBe(2);
  });

  it("starts at the first or last match when none is selected", () => {
    expect(stepMatchIndex(-1, 3, "next")).toBe(0);
    expect(stepMatchIndex(-1, 3, "previous")).toBe(2);
  });

  it("is -1 without matches", () => {
    expect(stepMatchIndex(0, 0, "next")).toBe(-1);
  });
});

describe("matchesName", () => {
  it("matches a case-insensitive substring, Hangul included", () => {
    expect(matchesName("홍길동", "길동")).toBe(true);
    expect(matchesName("Kim Minsu", "MIN")).toBe(true);
    expect(matchesName("홍길동", "김")).toBe(false);
  });

  it("matches everything for blank text (search cleared)", () => {
    expect(matchesName("홍길동", " ")).toBe(true);
  });
});

describe("lowerAsIndexed", () => {
  it("lower-cases one character to one character, the dotted capital I to a plain i", () => {
    expect(["A", "É", "Σ", "회", "1"].map(lowerAsIndexed)).toEqual([
      "a",
      "é",
      "σ",
      "회",
      "1",
    ]);
    expect(lowerAsIndexed("İ")).toBe("i");
  });
});
