/** Widget keys 1–10 (spec §3), which are external or counted, the defaults, the selection limit and badge text. */

import { WIDGETS_MAX } from "./constants.js";
import type { MenuKey } from "./codes/menu.js";
import { MESSAGE_CODES } from "./codes/message-codes.js";
import { formatBadge } from "./format/badge.js";
import { fail, ok, type Result } from "./result.js";

/** Widget name by key. */
export const WIDGETS = {
  1: "mail",
  2: "approval",
  3: "note",
  4: "journal",
  5: "schedule",
  6: "home",
  7: "webhard",
  8: "webfax",
  9: "sms",
  10: "elecdoc",
} as const;

/** A widget key 1–10. */
export type WidgetKey = keyof typeof WIDGETS;

/** A widget name, e.g. `mail`. */
export type WidgetName = (typeof WIDGETS)[WidgetKey];

/** The company menu behind each widget; null for the groupware home, which every user has. */
export const WIDGET_MENUS: Record<WidgetName, MenuKey | null> = {
  mail: "mail",
  approval: "approval",
  note: "note",
  journal: "journal",
  schedule: "calendar",
  home: null,
  webhard: "webhard",
  webfax: "webfax",
  sms: "sms",
  elecdoc: "elecdoc",
};

/**
 * Tells whether the user may have a widget: its menu is on for them (spec §6 menu config).
 * @param key - the widget.
 * @param flags - the user's menu flags (`mailUsed` …); undefined until loaded, when only the home widget counts.
 * @returns true when the widget may show.
 */
export function isWidgetUsable(
  key: WidgetKey,
  flags: Readonly<Record<string, boolean>> | undefined,
): boolean {
  const menu = WIDGET_MENUS[WIDGETS[key]];
  return menu === null || flags?.[`${menu}Used`] === true;
}

/** Widgets opened through external single sign-on. */
export const EXTERNAL_WIDGET_KEYS: readonly WidgetKey[] = [7, 8, 10];

/** Widgets that show a notification count. */
export const COUNTED_WIDGET_KEYS: readonly WidgetKey[] = [1, 2, 3, 4, 5, 8];

/** Widgets set once for a new user: mail, approval, note, journal, calendar (schedule) and home. */
export const DEFAULT_WIDGET_KEYS: readonly WidgetKey[] = [1, 2, 3, 4, 5, 6];

/** Codes {@link validateWidgetSelection} fails with. */
export type WidgetSelectionCode =
  typeof MESSAGE_CODES.widgetsTooMany | typeof MESSAGE_CODES.widgetsUnknown;

/**
 * Tells whether a number is a widget key.
 * @param key - any number.
 * @returns true for 1–10.
 */
export function isWidgetKey(key: number): key is WidgetKey {
  return Object.hasOwn(WIDGETS, key);
}

/**
 * Checks a widget selection: known keys only, at most {@link WIDGETS_MAX}; duplicates are dropped, order kept.
 * @param keys - the chosen widget keys.
 * @returns the de-duplicated keys, or `settings.widgets.unknown` / `settings.widgets.tooMany`.
 */
export function validateWidgetSelection(
  keys: readonly number[],
): Result<WidgetKey[], WidgetSelectionCode> {
  const unique = [...new Set(keys)];
  const known = unique.filter(isWidgetKey);
  if (known.length !== unique.length) return fail(MESSAGE_CODES.widgetsUnknown);
  if (known.length > WIDGETS_MAX) return fail(MESSAGE_CODES.widgetsTooMany);
  return ok(known);
}

/**
 * Badge text of a widget: the fax widget shows the plain number, the others cap at 99+.
 * @param key - the widget.
 * @param count - its notification count.
 * @returns the text to show; empty when there is nothing to show.
 */
export function widgetBadgeText(key: WidgetKey, count: number): string {
  if (WIDGETS[key] === "webfax")
    return count > 0 ? String(Math.floor(count)) : "";
  return formatBadge(count);
}
