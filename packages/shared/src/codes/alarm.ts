/** Groupware alarm kinds: their message type codes (spec §3), toast defaults and what free users may configure (§6). */

/** Alarm message type code by kind. */
export const ALARM_TYPE_CODES = {
  mail: "003",
  note: "004",
  chat: "005",
  board: "006",
  approval: "007",
  journal: "008",
  calendar: "009",
  webdisk: "010",
  webfax: "011",
} as const;

/** An alarm kind, e.g. `mail`. */
export type AlarmKind = keyof typeof ALARM_TYPE_CODES;

/** Toast alarm setting names (toastAlarm) by kind. */
export const TOAST_ALARM_NAMES = {
  mail: "MAIL",
  note: "NOTE",
  chat: "CHAT",
  board: "BRD",
  approval: "APR",
  journal: "JNL",
  calendar: "SCH",
  webdisk: "WDISK",
  webfax: "WFAX",
} as const satisfies Record<AlarmKind, string>;

/** Alarm kinds a free user (freeUserYn Y) may configure; the others stay off. */
export const FREE_USER_ALARM_KINDS: readonly AlarmKind[] = [
  "note",
  "chat",
  "board",
  "calendar",
];

/** Sound event types. */
export const SOUND_TYPES = [
  "login",
  "chat",
  "mail",
  "note",
  "frnd",
  "file",
] as const;

const kindsByCode = new Map<string, AlarmKind>(
  Object.entries(ALARM_TYPE_CODES).map(([kind, code]) => [
    code,
    kind as AlarmKind,
  ]),
);

/**
 * Finds the alarm kind of a message type code.
 * @param code - a type code such as `005`.
 * @returns the kind, or null for an unknown code.
 */
export function alarmKindFromCode(code: string): AlarmKind | null {
  return kindsByCode.get(code) ?? null;
}

/**
 * Default toast setting of an alarm kind: every kind on except webfax; for free users only their configurable kinds.
 * @param kind - the alarm kind.
 * @param freeUser - whether the user is a free user.
 * @returns whether toasts of that kind are on by default.
 */
export function isToastAlarmOnByDefault(
  kind: AlarmKind,
  freeUser: boolean,
): boolean {
  if (freeUser) return FREE_USER_ALARM_KINDS.includes(kind);
  return kind !== "webfax";
}
