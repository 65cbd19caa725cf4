import { describe, expect, it } from "vitest";
import {
  describeHttpFailure,
  describeLoginResult,
  describeTokenRefreshFailure,
  describeUnlockResult,
  isExpiredJwt,
} from "./login.js";

describe("describeLoginResult", () => {
  it.each([
    ["101", "login.error.wrongDomain"],
    ["102", "login.error.userNotFound"],
    ["103", "login.error.blocked"],
    ["104", "login.error.wrongPassword"],
  ])("alerts for ErrorCode %s", (code, message) => {
    expect(describeLoginResult(code)).toEqual({ kind: "alert", code: message });
  });

  it("succeeds on 00", () => {
    expect(describeLoginResult("00")).toEqual({ kind: "success" });
  });

  it("opens the expired-password dialog on 105 and the privacy dialog on 106", () => {
    expect(describeLoginResult("105").kind).toBe("passwordExpired");
    expect(describeLoginResult("106").kind).toBe("privacyNotAgreed");
  });

  it("falls back to the generic mismatch alert for 01, empty and unknown codes", () => {
    for (const code of ["01", "", "999"]) {
      expect(describeLoginResult(code)).toEqual({
        kind: "alert",
        code: "login.error.mismatch",
      });
    }
  });
});

describe("isExpiredJwt", () => {
  it("is true only for ErrorCode 01 with ErrorMsg ExpiredJwt", () => {
    expect(isExpiredJwt({ ErrorCode: "01", ErrorMsg: "ExpiredJwt" })).toBe(
      true,
    );
    expect(isExpiredJwt({ ErrorCode: "01", ErrorMsg: "Other" })).toBe(false);
    expect(isExpiredJwt({ ErrorCode: "00", ErrorMsg: "ExpiredJwt" })).toBe(
      false,
    );
    expect(isExpiredJwt({})).toBe(false);
  });
});

describe("describeUnlockResult", () => {
  it("unlocks on 00", () => {
    expect(describeUnlockResult("00")).toEqual({ kind: "unlocked" });
  });

  it("shows LO.A.079 and logs out on 103", () => {
    expect(describeUnlockResult("103")).toEqual({
      kind: "alert",
      code: "LO.A.079",
      logout: true,
    });
  });

  it("shows LO.A.076 on 104 and SE.NO.A.011 on anything else", () => {
    expect(describeUnlockResult("104")).toEqual({
      kind: "alert",
      code: "LO.A.076",
      logout: false,
    });
    expect(describeUnlockResult("01")).toEqual({
      kind: "alert",
      code: "SE.NO.A.011",
      logout: false,
    });
  });
});

describe("describeTokenRefreshFailure", () => {
  it("maps 107 to LO.A.078 and 102 to LO.A.072", () => {
    expect(describeTokenRefreshFailure("107")).toEqual({
      kind: "alert",
      code: "LO.A.078",
    });
    expect(describeTokenRefreshFailure("102")).toEqual({
      kind: "alert",
      code: "LO.A.072",
    });
  });

  it("shows the server message for 103 and 104 and only logs others", () => {
    expect(describeTokenRefreshFailure("103")).toEqual({
      kind: "serverMessage",
    });
    expect(describeTokenRefreshFailure("104")).toEqual({
      kind: "serverMessage",
    });
    expect(describeTokenRefreshFailure("01")).toEqual({ kind: "logOnly" });
  });
});

describe("describeHttpFailure", () => {
  it("sends 401 and 418 to login as an expired session", () => {
    expect(describeHttpFailure(401).kind).toBe("sessionExpired");
    expect(describeHttpFailure(418).kind).toBe("sessionExpired");
  });

  it("tells the user to wait on 429, without ending anything", () => {
    expect(describeHttpFailure(429)).toEqual({
      kind: "throttled",
      code: "common.error.tooManyRequests",
    });
  });

  it("treats every other status as a fatal server error", () => {
    expect(describeHttpFailure(403)).toEqual({
      kind: "fatal",
      code: "common.error.server",
    });
    expect(describeHttpFailure(500).kind).toBe("fatal");
  });
});
