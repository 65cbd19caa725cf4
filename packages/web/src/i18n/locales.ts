/** The UI languages Moa ships (spec §1: ko-KR by default, en-US too). */

export const LOCALES = ["ko-KR", "en-US"] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "ko-KR";

/** True when `value` names a language we ship. */
export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

/**
 * Each language's own name. Not translated on purpose: a user who cannot read the
 * current language must still recognise theirs in the picker.
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  "ko-KR": "한국어",
  "en-US": "English",
};
