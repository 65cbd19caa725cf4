import { describe, expect, it } from "vitest";
import {
  checkCallParticipantCount,
  checkHold,
  limitGroupCall,
  validateDialNumber,
} from "./call.js";

describe("checkCallParticipantCount", () => {
  it("allows 6 participants and refuses the 7th with IP.A.015", () => {
    expect(checkCallParticipantCount(6)).toEqual({ ok: true, value: 6 });
    expect(checkCallParticipantCount(7)).toEqual({
      ok: false,
      code: "IP.A.015",
    });
  });
});

describe("limitGroupCall", () => {
  it("calls the first 6 and drops the rest", () => {
    const result = limitGroupCall(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(result).toEqual({
      ok: true,
      value: { called: ["a", "b", "c", "d", "e", "f"], dropped: ["g", "h"] },
    });
  });

  it("drops nobody at exactly 6", () => {
    expect(limitGroupCall([1, 2, 3, 4, 5, 6])).toEqual({
      ok: true,
      value: { called: [1, 2, 3, 4, 5, 6], dropped: [] },
    });
  });

  it("has no user to call when nobody is chosen", () => {
    expect(limitGroupCall([])).toEqual({
      ok: false,
      code: "call.participants.none",
    });
  });
});

describe("validateDialNumber", () => {
  it("removes dashes", () => {
    expect(validateDialNumber("010-1234-5678")).toEqual({
      ok: true,
      value: "01012345678",
    });
  });

  it("needs a number (IP.T.012)", () => {
    expect(validateDialNumber("")).toEqual({ ok: false, code: "IP.T.012" });
    expect(validateDialNumber(" - ")).toEqual({ ok: false, code: "IP.T.012" });
  });
});

describe("checkHold", () => {
  it("holds only during a call", () => {
    expect(checkHold("on")).toEqual({ ok: true, value: "hold" });
    expect(checkHold("off")).toEqual({ ok: false, code: "IP.A.014" });
    expect(checkHold("hold")).toEqual({ ok: false, code: "IP.A.014" });
  });
});
