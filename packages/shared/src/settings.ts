/**
 * The user's local settings of spec §3 (basic, chat room, sound, org, etc, toastAlarm) as one validated object with
 * the spec's defaults, and the alarm dialog's rules (§2.3, §6). Windows exchange it over the bridge
 * (`settings:changed`), so one schema serves storage, the bridge and the settings forms.
 */
import { z } from "zod";
import {
  ALARM_TYPE_CODES,
  FREE_USER_ALARM_KINDS,
  SOUND_TYPES,
  isToastAlarmOnByDefault,
  type AlarmKind,
} from "./codes/alarm.js";
import {
  CHAT_FONT_RATIOS,
  DEFAULT_AWAY_ENABLED,
  DEFAULT_AWAY_MINUTES,
  DEFAULT_CHAT_FONT_RATIO,
  DEFAULT_LOCK_ENABLED,
  DEFAULT_LOCK_MINUTES,
  DEFAULT_LOGIN_NOTIFICATION_ENABLED,
  DEFAULT_WIDGET_OPEN_MODE,
  WIDGET_OPEN_MODES,
  WIDGETS_MAX,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
} from "./constants.js";
import type { MenuKey } from "./codes/menu.js";
import { DEFAULT_WIDGET_KEYS, isWidgetKey, type WidgetKey } from "./widgets.js";

/** Longest idle threshold the basic tab accepts, in minutes (a working day). */
export const IDLE_MINUTES_MAX = 600;

/** Chat fonts the chat room tab offers: CSS generic families, so every platform has them. */
export const CHAT_FONTS = ["default", "sans", "serif", "mono"] as const;

/** A chat font choice. */
export type ChatFont = (typeof CHAT_FONTS)[number];

/** Tones the sound tab offers per event: short chimes drawn by the client, so no sound file ships. */
export const SOUND_TONES = ["chime", "bell", "pop", "none"] as const;

/** A tone of the sound tab. */
export type SoundTone = (typeof SOUND_TONES)[number];

/** A sound event type (spec §3: login, chat, mail, note, frnd, file). */
export type SoundType = (typeof SOUND_TYPES)[number];

const yn = z.enum(["Y", "N"]);
const flag = (on: boolean): "Y" | "N" => (on ? "Y" : "N");
const minutes = z.number().int().min(1).max(IDLE_MINUTES_MAX);
const alarmKinds = Object.keys(ALARM_TYPE_CODES) as [AlarmKind, ...AlarmKind[]];

/** Validates the local settings; every field has its spec default, so a partial or older object parses. */
export const localSettingsSchema = z.object({
  // basic
  awayTimeYn: yn.default(flag(DEFAULT_AWAY_ENABLED)),
  awayTime: minutes.default(DEFAULT_AWAY_MINUTES),
  lockTimeYn: yn.default(flag(DEFAULT_LOCK_ENABLED)),
  lockTime: minutes.default(DEFAULT_LOCK_MINUTES),
  loginNotiYn: yn.default(flag(DEFAULT_LOGIN_NOTIFICATION_ENABLED)),
  loginNotiCd: z.enum(["frnd", "org"]).default("frnd"),
  downloadPath: z.string().max(1000).default(""),
  capturePath: z.string().max(1000).default(""),
  popupKeepYn: yn.default("N"),
  // chat room
  chatFont: z.enum(CHAT_FONTS).default("default"),
  chatFontRatio: z.literal(CHAT_FONT_RATIOS).default(DEFAULT_CHAT_FONT_RATIO),
  zoom: z.number().min(ZOOM_MIN).max(ZOOM_MAX).default(ZOOM_DEFAULT),
  // sound
  allNotUseYn: yn.default("N"),
  useSndCd: z
    .array(z.enum(SOUND_TYPES))
    .max(SOUND_TYPES.length)
    .default(["chat", "mail", "note"]),
  sounds: z.partialRecord(z.enum(SOUND_TYPES), z.enum(SOUND_TONES)).default({}),
  // org (orgPrtCd absent: the company's choice, spec §7.2 uimanager)
  orgPrtCd: z.enum(["pos", "tit"]).optional(),
  orgLastLocYn: yn.default("N"),
  // etc
  useWidgetCd: z
    .array(z.number().int().refine(isWidgetKey))
    .max(WIDGETS_MAX)
    .default([...DEFAULT_WIDGET_KEYS]),
  widgetOpenCd: z.enum(WIDGET_OPEN_MODES).default(DEFAULT_WIDGET_OPEN_MODE),
  useRcvCallYn: yn.default("Y"),
  rcvCallTargetCd: z.enum(["addr", "other"]).default("addr"),
  // toastAlarm: only the kinds the user changed; the others follow isToastAlarmOnByDefault
  toastAlarm: z.partialRecord(z.enum(alarmKinds), z.boolean()).default({}),
});

/** The local settings. */
export type LocalSettings = z.infer<typeof localSettingsSchema>;

/** A change to some settings. */
export type LocalSettingsPatch = Partial<LocalSettings>;

/** Settings before the user changed anything. */
export const DEFAULT_LOCAL_SETTINGS: LocalSettings = localSettingsSchema.parse(
  {},
);

/**
 * Reads stored settings leniently: each field that fails its schema falls back to its default, so one bad value
 * (an older version, a hand edit) never resets the others.
 * @param raw - anything read from storage.
 * @returns complete settings.
 */
export function parseLocalSettings(raw: unknown): LocalSettings {
  if (typeof raw !== "object" || raw === null) return DEFAULT_LOCAL_SETTINGS;
  const fields = localSettingsSchema.shape;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = fields[key as keyof typeof fields] as z.ZodType | undefined;
    if (field?.safeParse(value).success) kept[key] = value;
  }
  return localSettingsSchema.parse(kept);
}

/** The widgets the user chose, as keys. */
export function chosenWidgets(settings: LocalSettings): WidgetKey[] {
  return settings.useWidgetCd.filter(isWidgetKey);
}

/** Whether a sound event rings: sounds not all off, the event ticked, and a tone chosen. */
export function soundTone(
  settings: LocalSettings,
  type: SoundType,
): Exclude<SoundTone, "none"> | null {
  if (settings.allNotUseYn === "Y" || !settings.useSndCd.includes(type))
    return null;
  const tone = settings.sounds[type] ?? "chime";
  return tone === "none" ? null : tone;
}

/** The company menu behind each alarm kind; chat alarms need no menu. */
export const ALARM_MENUS: Record<AlarmKind, MenuKey | null> = {
  mail: "mail",
  note: "note",
  chat: null,
  board: "board",
  approval: "approval",
  journal: "journal",
  calendar: "calendar",
  webdisk: "webdisk",
  webfax: "webfax",
};

/**
 * Whether the user may configure an alarm kind (spec §2.3, §6): the company uses its menu, and a free user only has
 * note, chat, board and calendar.
 * @param kind - the alarm kind.
 * @param menuFlags - the company's menu config as `mailUsed: true` ….
 * @param freeUser - whether the user is a free user.
 * @returns false when the checkbox is disabled (and the alarm never toasts).
 */
export function isAlarmKindAvailable(
  kind: AlarmKind,
  menuFlags: Readonly<Record<string, boolean>>,
  freeUser: boolean,
): boolean {
  if (freeUser && !FREE_USER_ALARM_KINDS.includes(kind)) return false;
  const menu = ALARM_MENUS[kind];
  return menu === null || menuFlags[`${menu}Used`] === true;
}

/**
 * Whether alarms of a kind toast: available to the user and switched on (or on by default when never changed).
 * @returns true when a pushed alarm of that kind shows.
 */
export function isToastAlarmOn(
  settings: LocalSettings,
  kind: AlarmKind,
  menuFlags: Readonly<Record<string, boolean>>,
  freeUser: boolean,
): boolean {
  if (!isAlarmKindAvailable(kind, menuFlags, freeUser)) return false;
  return settings.toastAlarm[kind] ?? isToastAlarmOnByDefault(kind, freeUser);
}
