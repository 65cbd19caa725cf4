import { describe, expect, it } from "vitest";
import { formatIncomingNumber, stripPhoneDashes } from "./phone.js";

describe("stripPhoneDashes", () => {
  it("removes dashes and blanks, keeps * and #", () => {
    expect(stripPhoneDashes("010-1234-5678")).toBe("01012345678");
    expect(stripPhoneDashes(" 02 123-4567 ")).toBe("021234567");
    expect(stripPhoneDashes("*61#")).toBe("*61#");
    expect(stripPhoneDashes("")).toBe("");
  });
});

describe("formatIncomingNumber", () => {
  it("formats 11 digits as 3-4-4", () => {
    expect(formatIncomingNumber("01012345678")).toBe("010-1234-5678");
  });

  it("formats 10 digits as 02-4-4 in Seoul and 3-3-4 elsewhere", () => {
    expect(formatIncomingNumber("0212345678")).toBe("02-1234-5678");
    expect(formatIncomingNumber("0311234567")).toBe("031-123-4567");
  });

  it("formats 9 Seoul digits as 02-3-4", () => {
    expect(formatIncomingNumber("021234567")).toBe("02-123-4567");
  });

  it("formats 8 digits as 4-4", () => {
    expect(formatIncomingNumber("15881234")).toBe("1588-1234");
  });

  it("reduces the input to digits first", () => {
    expect(formatIncomingNumber("(010) 1234.5678")).toBe("010-1234-5678");
  });

  it("turns +82 into the domestic 0", () => {
    expect(formatIncomingNumber("+82 10-1234-5678")).toBe("010-1234-5678");
    expect(formatIncomingNumber("+82 (0)2 1234 5678")).toBe("02-1234-5678");
  });

  it("leaves other lengths as plain digits", () => {
    expect(formatIncomingNumber("1234567")).toBe("1234567");
    expect(formatIncomingNumber("010123456789")).toBe("010123456789");
    expect(formatIncomingNumber("")).toBe("");
    expect(formatIncomingNumber("123-456-789")).toBe("123456789");
  });
});
