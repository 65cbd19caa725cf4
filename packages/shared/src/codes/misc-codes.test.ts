import { describe, expect, it } from "vitest";
import {
  ALARM_TYPE_CODES,
  alarmKindFromCode,
  isToastAlarmOnByDefault,
} from "./alarm.js";
import { isMenuVisible, menuFlag, type MenuConfig } from "./menu.js";
import { listMessageCodes, MESSAGE_CODES } from "./message-codes.js";
import { isWebhardSuccess } from "./webhard.js";

describe("alarm type codes", () => {
  it("maps 003–011 to their kinds", () => {
    expect(Object.values(ALARM_TYPE_CODES)).toEqual([
      "003",
      "004",
      "005",
      "006",
      "007",
      "008",
      "009",
      "010",
      "011",
    ]);
    expect(alarmKindFromCode("005")).toBe("chat");
    expect(alarmKindFromCode("011")).toBe("webfax");
  });

  it("knows no kind for codes outside 003–011", () => {
    expect(alarmKindFromCode("002")).toBeNull();
    expect(alarmKindFromCode("")).toBeNull();
  });

  it("turns every toast on by default except webfax", () => {
    expect(isToastAlarmOnByDefault("mail", false)).toBe(true);
    expect(isToastAlarmOnByDefault("webdisk", false)).toBe(true);
    expect(isToastAlarmOnByDefault("webfax", false)).toBe(false);
  });

  it("leaves free users only note, chat, board and calendar", () => {
    expect(isToastAlarmOnByDefault("note", true)).toBe(true);
    expect(isToastAlarmOnByDefault("calendar", true)).toBe(true);
    expect(isToastAlarmOnByDefault("mail", true)).toBe(false);
    expect(isToastAlarmOnByDefault("approval", true)).toBe(false);
  });
});

describe("menu config", () => {
  it("names flags with the Used suffix", () => {
    expect(menuFlag("centrex")).toBe("centrexUsed");
  });

  it("shows an internal menu when its flag is Y or true", () => {
    expect(isMenuVisible({ mailUsed: "Y" }, "mail", false)).toBe(true);
    expect(isMenuVisible({ mailUsed: true }, "mail", false)).toBe(true);
    expect(isMenuVisible({ mailUsed: "N" }, "mail", true)).toBe(false);
    expect(isMenuVisible({}, "mail", true)).toBe(false);
  });

  it("shows an external menu only after single sign-on succeeded", () => {
    const config: MenuConfig = {
      webhardUsed: "Y",
      webfaxUsed: "Y",
      elecdocUsed: "Y",
    };
    expect(isMenuVisible(config, "webhard", false)).toBe(false);
    expect(isMenuVisible(config, "webhard", true)).toBe(true);
    expect(isMenuVisible(config, "elecdoc", false)).toBe(false);
  });
});

describe("webhard result code", () => {
  it("succeeds only on 00000", () => {
    expect(isWebhardSuccess("00000")).toBe(true);
    expect(isWebhardSuccess("0000")).toBe(false);
    expect(isWebhardSuccess("00")).toBe(false);
    expect(isWebhardSuccess(undefined)).toBe(false);
  });
});

describe("message codes", () => {
  it("covers every code the spec names", () => {
    const spec =
      "CH.A.023 CH.H.030 CH.H.038 CH.PA.A.008 FR.AF.A.011 FR.GS.A.009 FR.GS.A.011 FR.GS.A.030 FR.GS.A.031 " +
      "FR.GS.C.020 FR.GS.C.022 FR.GS.C.024 FR.GS.C.028 FR.RC.A.053 IP.A.013 IP.A.014 IP.A.015 IP.T.012 IP.T.016 " +
      "LO.A.013 LO.A.013-1 LO.A.048 LO.A.053 LO.A.061 LO.A.061-1 LO.A.062 LO.A.072 LO.A.076 LO.A.078 LO.A.079 " +
      "MA.US.A.011 MA.US.A.013 OR.A.057 OR.A.058 OR.A.063 PU.A.012 PU.H.021 PU.H.022 SE.NO.A.011 WH.A.007 " +
      "WH.A.008 WH.A.017 WH.A.018 WH.A.020 WH.A.021 WH.A.022 WH.A.023 WH.T.015";
    expect(listMessageCodes()).toEqual(expect.arrayContaining(spec.split(" ")));
  });

  it("uses spec-style or feature.component.purpose keys only, each once", () => {
    const codes = Object.values(MESSAGE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(
        /^([A-Z]{2}(\.[A-Z]{1,2})*\.[A-Z]\.\d{3}(-\d)?|[a-z]+\.[a-zA-Z]+\.[a-zA-Z]+)$/,
      );
    }
  });
});
