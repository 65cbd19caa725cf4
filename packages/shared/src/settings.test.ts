import { describe, expect, it } from "vitest";
import { ALARM_TYPE_CODES, type AlarmKind } from "./codes/alarm.js";
import {
  DEFAULT_LOCAL_SETTINGS,
  isAlarmKindAvailable,
  isToastAlarmOn,
  localSettingsSchema,
  parseLocalSettings,
  soundTone,
} from "./settings.js";

const KINDS = Object.keys(ALARM_TYPE_CODES) as AlarmKind[];
const ALL_MENUS = Object.fromEntries(
  [
    "mail",
    "note",
    "board",
    "approval",
    "journal",
    "calendar",
    "webdisk",
    "webfax",
  ].map((m) => [`${m}Used`, true]),
);

describe("local settings", () => {
  it("starts with the spec's defaults: away 5 min on, lock 30 min on, login notices off, widgets open in a PC window", () => {
    expect(DEFAULT_LOCAL_SETTINGS).toMatchObject({
      awayTimeYn: "Y",
      awayTime: 5,
      lockTimeYn: "Y",
      lockTime: 30,
      loginNotiYn: "N",
      chatFontRatio: 100,
      widgetOpenCd: "pc",
      useWidgetCd: [1, 2, 3, 4, 5, 6],
    });
  });

  it("keeps every readable field of a stored object and defaults only the unreadable ones", () => {
    const parsed = parseLocalSettings({
      awayTime: 12,
      lockTime: -3,
      chatFontRatio: 95,
      widgetOpenCd: "mini",
      useWidgetCd: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(parsed.awayTime).toBe(12);
    expect(parsed.lockTime).toBe(30);
    expect(parsed.chatFontRatio).toBe(100);
    expect(parsed.widgetOpenCd).toBe("mini");
    expect(parsed.useWidgetCd).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parseLocalSettings("garbage")).toEqual(DEFAULT_LOCAL_SETTINGS);
  });

  it("refuses more than six widgets and idle thresholds outside 1–600 minutes", () => {
    expect(
      localSettingsSchema.safeParse({ useWidgetCd: [1, 2, 3, 4, 5, 6, 7] })
        .success,
    ).toBe(false);
    expect(localSettingsSchema.safeParse({ awayTime: 0 }).success).toBe(false);
    expect(localSettingsSchema.safeParse({ lockTime: 601 }).success).toBe(
      false,
    );
  });
});

describe("alarm settings rules", () => {
  it("turns every kind on by default except web fax", () => {
    const on = KINDS.filter((k) =>
      isToastAlarmOn(DEFAULT_LOCAL_SETTINGS, k, ALL_MENUS, false),
    );
    expect(on).toEqual(KINDS.filter((k) => k !== "webfax"));
  });

  it("disables a kind whose menu the company does not use; chat needs no menu", () => {
    const flags = { ...ALL_MENUS, approvalUsed: false };
    expect(isAlarmKindAvailable("approval", flags, false)).toBe(false);
    expect(
      isToastAlarmOn(DEFAULT_LOCAL_SETTINGS, "approval", flags, false),
    ).toBe(false);
    expect(isAlarmKindAvailable("chat", {}, false)).toBe(true);
  });

  it("limits a free user to note, chat, board and calendar, even when switched on", () => {
    const available = KINDS.filter((k) =>
      isAlarmKindAvailable(k, ALL_MENUS, true),
    );
    expect(available).toEqual(["note", "chat", "board", "calendar"]);
    const settings = { ...DEFAULT_LOCAL_SETTINGS, toastAlarm: { mail: true } };
    expect(isToastAlarmOn(settings, "mail", ALL_MENUS, true)).toBe(false);
  });

  it("follows the user's choice once made", () => {
    const settings = {
      ...DEFAULT_LOCAL_SETTINGS,
      toastAlarm: { approval: false, webfax: true },
    };
    expect(isToastAlarmOn(settings, "approval", ALL_MENUS, false)).toBe(false);
    expect(isToastAlarmOn(settings, "webfax", ALL_MENUS, false)).toBe(true);
  });
});

describe("sounds", () => {
  it("rings an event only when sounds are not all off, the event is ticked and a tone is chosen", () => {
    expect(soundTone(DEFAULT_LOCAL_SETTINGS, "chat")).toBe("chime");
    expect(soundTone(DEFAULT_LOCAL_SETTINGS, "login")).toBeNull();
    const bell = {
      ...DEFAULT_LOCAL_SETTINGS,
      sounds: { chat: "bell" as const, mail: "none" as const },
    };
    expect(soundTone(bell, "chat")).toBe("bell");
    expect(soundTone(bell, "mail")).toBeNull();
    expect(
      soundTone({ ...DEFAULT_LOCAL_SETTINGS, allNotUseYn: "Y" }, "chat"),
    ).toBeNull();
  });
});
