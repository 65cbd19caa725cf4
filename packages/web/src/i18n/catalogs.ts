/**
 * Both catalogs at once, for the catalog checks and component tests. The app itself never imports this module: it
 * starts with the catalog it needs (start-i18n.ts).
 */
import type { i18n } from "i18next";
import { initI18n, type Catalog } from "./create-i18n";
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { catalog as enUS } from "./locales/en-US";
import { catalog as koKR } from "./locales/ko-KR";

/** The catalogs by locale. */
export const catalogs: Record<Locale, Catalog> = {
  "ko-KR": koKR,
  "en-US": enUS,
};

/**
 * An i18next instance holding both catalogs.
 * @param locale - the language to start in.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  return initI18n(locale, catalogs);
}
