/** Switches the UI language; every translated text and antd's own texts follow at once. */
import { Select, Space } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, isLocale } from "../../i18n";

const options = LOCALES.map((locale) => ({
  value: locale,
  label: LOCALE_NAMES[locale],
  lang: locale,
}));

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const current = isLocale(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LOCALE;

  return (
    <Space>
      <span id={labelId}>{t("language.select.label")}</span>
      <Select
        aria-labelledby={labelId}
        value={current}
        options={options}
        onChange={(locale: string) => void i18n.changeLanguage(locale)}
        style={{ minWidth: 120 }}
      />
    </Space>
  );
}
