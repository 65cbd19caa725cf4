/** Languages, catalogs and the i18next setup. */
export { antdLocales } from "./antd-locale";
export { catalogs, createI18n } from "./catalogs";
export { startI18n, switchLocale } from "./start-i18n";
export {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_NAMES,
  isLocale,
  type Locale,
} from "./locales";
export { asCatalogKey, type CatalogKey } from "./catalog-key";
