/** Builds the app's i18next instance with both catalogs bundled, so the first render is already translated. */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";
import { catalog as enUS } from "./locales/en-US";
import { catalog as koKR } from "./locales/ko-KR";

/** The catalogs by locale; keys are spec codes (`LO.A.053`) or `feature.component.purpose`. */
export const catalogs: Record<Locale, Record<string, string>> = {
  "ko-KR": koKR,
  "en-US": enUS,
};

/**
 * Creates a fresh, initialised i18next instance (one per app or per test, never a global).
 * @param locale the language to start in.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: "currentOnly",
    resources: {
      "ko-KR": { translation: koKR },
      "en-US": { translation: enUS },
    },
    // Spec codes such as `LO.A.053` contain dots, so catalogs are flat and keys are taken literally.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    // Resources are in memory: initialise synchronously so nothing renders untranslated.
    initAsync: false,
  });
  return instance;
}
