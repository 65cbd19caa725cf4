import { describe, expect, it } from "vitest";
import {
  canStartCall,
  CENTREX_RESULT_CODES,
  centrexResultName,
} from "./centrex.js";

describe("centrexResultName", () => {
  it.each(Object.entries(CENTREX_RESULT_CODES))(
    "names %s as code %s",
    (name, code) => {
      expect(centrexResultName(code)).toBe(name);
    },
  );

  it("falls back to ETC_ERR for unknown, empty and missing codes", () => {
    expect(centrexResultName("1234")).toBe("ETC_ERR");
    expect(centrexResultName("")).toBe("ETC_ERR");
    expect(centrexResultName(null)).toBe("ETC_ERR");
    expect(centrexResultName(undefined)).toBe("ETC_ERR");
  });

  it("ignores blanks around the code", () => {
    expect(centrexResultName(" 4004 ")).toBe("NO_CHANNEL");
  });
});

describe("canStartCall", () => {
  it("allows a call only while the phone is idle (NO_CHANNEL)", () => {
    expect(canStartCall("4004")).toBe(true);
    expect(canStartCall("0000")).toBe(false);
    expect(canStartCall(undefined)).toBe(false);
  });
});
