/** Company menu config flags (`<menu>Used`) and which menus are external single-sign-on menus (spec §3, §6). */

/** Menus the company can enable. */
export const MENU_KEYS = [
  "mail",
  "approval",
  "note",
  "board",
  "journal",
  "calendar",
  "webdisk",
  "attendance",
  "address",
  "workspace",
  "centrex",
  "sms",
  "survey",
  "equipment",
  "webfax",
  "webhard",
  "elecdoc",
] as const;

/** A menu key, e.g. `mail`. */
export type MenuKey = (typeof MENU_KEYS)[number];

/** The config flag name of a menu, e.g. `mailUsed`. */
export type MenuFlag = `${MenuKey}Used`;

/** Menus reached through an external single-sign-on check. */
export const EXTERNAL_SSO_MENUS: readonly MenuKey[] = [
  "webfax",
  "webhard",
  "elecdoc",
];

/** Menu config as returned by GET /api/v1/menucnfg/menu/setting; flags are `Y`/`N` or booleans. */
export type MenuConfig = Partial<Record<MenuFlag, string | boolean | null>>;

/**
 * Names a menu's config flag.
 * @param key - the menu.
 * @returns the flag name, e.g. `centrexUsed`.
 */
export function menuFlag(key: MenuKey): MenuFlag {
  return `${key}Used`;
}

/**
 * Tells whether a menu is shown: enabled by the company and, for external menus, single sign-on succeeded.
 * @param config - the company menu config.
 * @param key - the menu.
 * @param ssoSucceeded - outcome of the menu's single-sign-on check (ignored for internal menus).
 * @returns true when the menu should appear.
 */
export function isMenuVisible(
  config: MenuConfig,
  key: MenuKey,
  ssoSucceeded: boolean,
): boolean {
  const flag = config[menuFlag(key)];
  const enabled = flag === true || flag === "Y";
  return enabled && (!EXTERNAL_SSO_MENUS.includes(key) || ssoSucceeded);
}
