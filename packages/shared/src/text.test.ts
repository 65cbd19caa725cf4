import { describe, expect, it } from "vitest";
import {
  countCharacters,
  ELLIPSIS,
  toSingleLine,
  truncateCharacters,
} from "./text.js";

describe("countCharacters", () => {
  it("counts nothing in empty text", () => {
    expect(countCharacters("")).toBe(0);
  });

  it("counts each Hangul syllable once", () => {
    expect(countCharacters("안녕하세요")).toBe(5);
  });

  it("counts decomposed Hangul (NFD jamo, as macOS file names) like the composed syllables", () => {
    const decomposed = "한글".normalize("NFD");
    expect(decomposed.length).toBe(6);
    expect(countCharacters(decomposed)).toBe(2);
  });

  it("counts an emoji outside the BMP once, not as two UTF-16 units", () => {
    expect("😀".length).toBe(2);
    expect(countCharacters("a😀b")).toBe(3);
  });
});

describe("truncateCharacters", () => {
  it("keeps text exactly at the limit unchanged", () => {
    expect(truncateCharacters("12345", 5)).toBe("12345");
  });

  it("cuts one over the limit and marks the cut", () => {
    expect(truncateCharacters("123456", 5)).toBe(`12345${ELLIPSIS}`);
  });

  it("keeps empty text empty", () => {
    expect(truncateCharacters("", 5)).toBe("");
  });

  it("never splits a surrogate pair", () => {
    expect(truncateCharacters("😀😀😀", 2, "")).toBe("😀😀");
  });

  it("cuts Hangul by syllable", () => {
    expect(truncateCharacters("가나다라마", 3)).toBe("가나다...");
  });
});

describe("toSingleLine", () => {
  it("joins lines with one space and trims", () => {
    expect(toSingleLine("  첫 줄\r\n\n  둘째 줄 \n")).toBe("첫 줄 둘째 줄");
  });
});
