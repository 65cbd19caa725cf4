import { describe, expect, it } from "vitest";
import { formatBadge } from "./badge.js";

describe("formatBadge", () => {
  it("shows 99 exactly at the cap and 99+ one over", () => {
    expect(formatBadge(99)).toBe("99");
    expect(formatBadge(100)).toBe("99+");
  });

  it("shows small counts as they are", () => {
    expect(formatBadge(1)).toBe("1");
  });

  it("shows nothing for zero, negative or broken counts", () => {
    expect(formatBadge(0)).toBe("");
    expect(formatBadge(-3)).toBe("");
    expect(formatBadge(Number.NaN)).toBe("");
  });
});
