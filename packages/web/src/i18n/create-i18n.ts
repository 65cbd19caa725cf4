/** Builds the app's i18next instance from catalogs already in memory, so the first render is already translated. */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";

/** A flat catalog: keys are spec codes (`LO.A.053`) or `feature.component.purpose`. */
export type Catalog = Record<string, string>;

/**
 * Creates a fresh, initialised i18next instance (one per app or per test, never a global).
 * @param locale - the language to start in.
 * @param resources - the catalogs loaded so far; the default locale's is the fallback, so it must be among them.
 */
export function initI18n(
  locale: Locale,
  resources: Partial<Record<Locale, Catalog>>,
): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: "currentOnly",
    resources: Object.fromEntries(
      Object.entries(resources).map(([l, catalog]) => [
        l,
        { translation: catalog },
      ]),
    ),
    // Spec codes such as `LO.A.053` contain dots, so catalogs are flat and keys are taken literally.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    // Resources are in memory: initialise synchronously so nothing renders untranslated.
    initAsync: false,
  });
  return instance;
}
