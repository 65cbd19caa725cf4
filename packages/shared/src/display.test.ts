import { describe, expect, it } from "vitest";
import { clampOpacity, parseChatFontRatio, stepZoom } from "./display.js";

describe("stepZoom", () => {
  it("steps by 0.2 without float drift", () => {
    expect(stepZoom(1, "in")).toBe(1.2);
    expect(stepZoom(0.8, "in")).toBe(1);
    expect(stepZoom(1.2, "out")).toBe(1);
  });

  it("resets to 1", () => {
    expect(stepZoom(1.8, "reset")).toBe(1);
  });

  it("stops exactly at the limits", () => {
    expect(stepZoom(1.8, "in")).toBe(2);
    expect(stepZoom(2, "in")).toBe(2);
    expect(stepZoom(0.8, "out")).toBe(0.6);
    expect(stepZoom(0.6, "out")).toBe(0.6);
  });

  it("recovers from a broken current value", () => {
    expect(stepZoom(Number.NaN, "in")).toBe(1.2);
  });
});

describe("parseChatFontRatio", () => {
  it("accepts 80, 100, 120 and 140, as numbers or strings", () => {
    expect(parseChatFontRatio(80)).toBe(80);
    expect(parseChatFontRatio("140")).toBe(140);
  });

  it("falls back to 100 for anything else", () => {
    expect(parseChatFontRatio(90)).toBe(100);
    expect(parseChatFontRatio("")).toBe(100);
    expect(parseChatFontRatio(undefined)).toBe(100);
  });
});

describe("clampOpacity", () => {
  it("keeps values from 0.1 to 1", () => {
    expect(clampOpacity(0.1)).toBe(0.1);
    expect(clampOpacity(1)).toBe(1);
    expect(clampOpacity(0.1 + 0.2)).toBe(0.3);
  });

  it("clamps values outside", () => {
    expect(clampOpacity(0)).toBe(0.1);
    expect(clampOpacity(0.09)).toBe(0.1);
    expect(clampOpacity(1.01)).toBe(1);
    expect(clampOpacity(Number.NaN)).toBe(1);
  });
});
