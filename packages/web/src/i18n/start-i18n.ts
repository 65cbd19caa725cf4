/**
 * The app's languages at run time: Korean (the default and the fallback) is part of the first load; English is
 * fetched only by someone who uses it — before the first render when it is their saved language, or when they pick
 * it — so Korean users never download it.
 */
import type { i18n } from "i18next";
import { initI18n, type Catalog } from "./create-i18n";
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { catalog as koKR } from "./locales/ko-KR";

async function loadCatalog(locale: Locale): Promise<Catalog> {
  return locale === DEFAULT_LOCALE
    ? koKR
    : (await import("./locales/en-US")).catalog;
}

/**
 * The app's i18next instance, in the saved language with its catalog loaded.
 * @param locale - the language to start in.
 */
export async function startI18n(locale: Locale): Promise<i18n> {
  return initI18n(locale, {
    [DEFAULT_LOCALE]: koKR,
    [locale]: await loadCatalog(locale),
  });
}

/**
 * Switches the language, loading its catalog first when it is not loaded yet.
 * @param instance - the app's i18next instance.
 * @param locale - the language to switch to.
 */
export async function switchLocale(
  instance: i18n,
  locale: Locale,
): Promise<void> {
  if (!instance.hasResourceBundle(locale, "translation"))
    instance.addResourceBundle(
      locale,
      "translation",
      await loadCatalog(locale),
    );
  await instance.changeLanguage(locale);
}
