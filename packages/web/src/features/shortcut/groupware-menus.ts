/**
 * The groupware functions of the shortcut tab (spec §1, §3 menu config flags, §6): each shows only when the
 * company's menu config enables it. Internal ones open through a signed link (spec §7.7) or, when the user chose
 * the mini window (widgetOpenCd), the groupware's mini window where it has that page; the external ones (webfax,
 * webhard, elecdoc) open only after their single-sign-on check (spec §7.2 simpl.json).
 */
import {
  WIDGET_MENUS,
  type GroupwareLinkTarget,
  type WidgetName,
} from "@moa/shared";
import type { GroupwareTarget } from "../../api/groupware-link";
import type { SimpleLoginService } from "../../api/sso-api";

/** How a menu opens. */
export type MenuOpen =
  | { kind: "link"; target: GroupwareLinkTarget; mini?: GroupwareTarget }
  | { kind: "external"; service: SimpleLoginService };

/** A groupware function. */
export type GroupwareMenu = {
  /** Key of its name (`groupware.menu.<key>`) and of its `<key>Used` flag. */
  readonly key: string;
  readonly section: "work" | "collab" | "external";
  readonly open: MenuOpen;
};

/** Every groupware function, in the order shown. */
export const GROUPWARE_MENUS: readonly GroupwareMenu[] = [
  {
    key: "mail",
    section: "work",
    open: { kind: "link", target: "mail", mini: "mail" },
  },
  {
    key: "approval",
    section: "work",
    open: { kind: "link", target: "approval", mini: "approval" },
  },
  {
    key: "note",
    section: "work",
    open: { kind: "link", target: "note", mini: "note" },
  },
  {
    key: "journal",
    section: "work",
    open: { kind: "link", target: "journal", mini: "journal" },
  },
  {
    key: "calendar",
    section: "work",
    open: { kind: "link", target: "schedule", mini: "schedule" },
  },
  { key: "board", section: "work", open: { kind: "link", target: "board" } },
  {
    key: "attendance",
    section: "work",
    open: { kind: "link", target: "attendance" },
  },
  {
    key: "address",
    section: "collab",
    open: { kind: "link", target: "address" },
  },
  {
    key: "workspace",
    section: "collab",
    open: { kind: "link", target: "cowork" },
  },
  {
    key: "webdisk",
    section: "collab",
    open: { kind: "link", target: "webdisk" },
  },
  {
    key: "survey",
    section: "collab",
    open: { kind: "link", target: "survey" },
  },
  {
    key: "equipment",
    section: "collab",
    open: { kind: "link", target: "equipment" },
  },
  {
    key: "sms",
    section: "collab",
    open: { kind: "link", target: "sms", mini: "sms" },
  },
  {
    key: "webfax",
    section: "external",
    open: { kind: "external", service: "webfax" },
  },
  {
    key: "webhard",
    section: "external",
    open: { kind: "external", service: "webhard" },
  },
  {
    key: "elecdoc",
    section: "external",
    open: { kind: "external", service: "elecdoc" },
  },
];

/**
 * The menus the company enabled.
 * @param flags - the menu config as `mailUsed: true` ….
 * @returns the enabled menus in order.
 */
export function enabledMenus(
  flags: Readonly<Record<string, boolean>>,
): GroupwareMenu[] {
  return GROUPWARE_MENUS.filter((m) => flags[`${m.key}Used`] === true);
}

// The groupware home, which every user has: a header widget, not a shortcut-tab function.
const HOME_OPEN: MenuOpen = { kind: "link", target: "home", mini: "home" };

/**
 * How a header widget opens: as its shortcut-tab function does (signed link, mini window or external sign-on).
 * @param name - the widget.
 * @returns its opening.
 */
export function widgetOpen(name: WidgetName): MenuOpen {
  const menu = WIDGET_MENUS[name];
  return GROUPWARE_MENUS.find((m) => m.key === menu)?.open ?? HOME_OPEN;
}
