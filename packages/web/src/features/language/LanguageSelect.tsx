/**
 * Switches the UI language; every translated text and antd's own texts follow at once. A native select: two choices
 * need no searchable popup list, and it keeps antd's Select out of the login screen's first load.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  LOCALES,
  isLocale,
  switchLocale,
} from "../../i18n";
import "./language-select.css";

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const current = isLocale(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LOCALE;

  return (
    <span className="moa-language">
      <label htmlFor={selectId}>{t("language.select.label")}</label>
      <select
        id={selectId}
        className="moa-language__select"
        value={current}
        onChange={(e) => {
          if (isLocale(e.target.value)) void switchLocale(i18n, e.target.value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
