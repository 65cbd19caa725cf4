/**
 * Which widgets and badge counts a user gets: those whose groupware menu the server enables for them (spec §6 menu
 * config; a free user never gets mail, SMS or call). The server refuses a count of a disabled menu (403
 * menu_disabled), so the client neither shows such a widget nor asks for its count.
 */
import { isWidgetUsable, type WidgetKey } from "@moa/shared";

/** A badge count kind the header asks for. */
export type BadgeCountKind = "mail" | "apr" | "note" | "todo" | "sch";

/** The badge count kind of each counted header widget. */
const WIDGET_COUNT_KIND: Partial<Record<WidgetKey, BadgeCountKind>> = {
  1: "mail",
  2: "apr",
  3: "note",
  4: "todo",
  5: "sch",
};

/**
 * The widgets the user may use, in the given order.
 * @param keys - the configured widgets.
 * @param flags - the menu flags (`mailUsed` …); undefined until loaded, when only the always-present ones show.
 * @returns the keys whose menu is enabled.
 */
export function usableWidgets(
  keys: readonly WidgetKey[],
  flags: Readonly<Record<string, boolean>> | undefined,
): WidgetKey[] {
  return keys.filter((key) => isWidgetUsable(key, flags));
}

/**
 * The badge count a widget shows, if any.
 * @param key - a widget.
 * @returns its count kind, or undefined for a widget without a count.
 */
export function badgeCountKind(key: WidgetKey): BadgeCountKind | undefined {
  return WIDGET_COUNT_KIND[key];
}

/**
 * The badge counts worth asking for: those of the widgets shown.
 * @param widgets - the widgets shown ({@link usableWidgets}).
 * @returns the count kinds.
 */
export function badgeCountKinds(
  widgets: readonly WidgetKey[],
): BadgeCountKind[] {
  return widgets.flatMap((key) => {
    const kind = badgeCountKind(key);
    return kind ? [kind] : [];
  });
}
