import { describe, expect, it } from "vitest";
import { formatFileSize, formatWebhardSize } from "./size.js";

describe("formatFileSize", () => {
  it("shows exactly 1 KB, 1 MB, 1 GB, 1 TB and 1 PB with two decimals", () => {
    expect(formatFileSize(1024)).toBe("1.00 KB");
    expect(formatFileSize(1024 ** 2)).toBe("1.00 MB");
    expect(formatFileSize(1024 ** 3)).toBe("1.00 GB");
    expect(formatFileSize(1024 ** 4)).toBe("1.00 TB");
    expect(formatFileSize(1024 ** 5)).toBe("1.00 PB");
  });

  it("stays in the smaller unit one byte under the next", () => {
    expect(formatFileSize(1024 ** 2 - 1024)).toBe("1023.00 KB");
  });

  it("does not show 1024.00 when rounding carries into the next unit", () => {
    expect(formatFileSize(1024 ** 2 - 1)).toBe("1.00 MB");
  });

  it("shows sizes under 1 KB in KB, the smallest unit", () => {
    expect(formatFileSize(512)).toBe("0.50 KB");
    expect(formatFileSize(0)).toBe("0.00 KB");
  });

  it("keeps huge sizes in PB and treats broken sizes as 0", () => {
    expect(formatFileSize(2048 * 1024 ** 5)).toBe("2048.00 PB");
    expect(formatFileSize(-5)).toBe("0.00 KB");
    expect(formatFileSize(Number.NaN)).toBe("0.00 KB");
  });

  it("rounds to two decimals", () => {
    expect(formatFileSize(1536 * 1024)).toBe("1.50 MB");
    expect(formatFileSize(1_234_567)).toBe("1.18 MB");
  });
});

describe("formatWebhardSize", () => {
  it("floors size / 1000", () => {
    expect(formatWebhardSize(1999)).toBe("1 MB");
    expect(formatWebhardSize(2000)).toBe("2 MB");
    expect(formatWebhardSize(999)).toBe("0 MB");
    expect(formatWebhardSize(0)).toBe("0 MB");
    expect(formatWebhardSize(-1)).toBe("0 MB");
  });
});
