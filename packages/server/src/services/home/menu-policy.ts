/** Which menus a user may use: the company's menu config, minus mail, SMS and call for free users (spec §6). */
import { MENU_KEYS, type MenuKey } from "@moa/shared";
import type { Company } from "../../db/repositories/companies.repository.js";
import type { Actor } from "../auth/actor.js";
import { AppError } from "../../errors.js";

/** Menus a free user (freeUserYn Y) never gets. */
export const FREE_USER_DENIED_MENUS: readonly MenuKey[] = [
  "mail",
  "sms",
  "centrex",
];

/**
 * Tells whether a menu is enabled for a user.
 * @param company the user's company.
 * @param freeUser whether the user is a free user.
 * @param key the menu.
 * @returns true when the company enables it and the user's kind may use it.
 */
export function isMenuEnabled(
  company: Company,
  freeUser: boolean,
  key: MenuKey,
): boolean {
  if (freeUser && FREE_USER_DENIED_MENUS.includes(key)) return false;
  return company.menuConfig[`${key}Used`] === true;
}

/**
 * Every menu flag for a user.
 * @returns `<menu>Used` → enabled.
 */
export function menuFlagsFor(
  company: Company,
  freeUser: boolean,
): Record<`${MenuKey}Used`, boolean> {
  return Object.fromEntries(
    MENU_KEYS.map((k) => [`${k}Used`, isMenuEnabled(company, freeUser, k)]),
  ) as Record<`${MenuKey}Used`, boolean>;
}

/**
 * Refuses a call to a disabled menu.
 * @throws AppError menu_disabled (HTTP 403) when the menu is off for the actor.
 */
export function requireMenu(
  company: Company,
  actor: Actor,
  key: MenuKey,
): void {
  if (!isMenuEnabled(company, actor.freeUser, key))
    throw new AppError("menu_disabled", 403, `menu ${key} is disabled`);
}
