/** Context every window needs: translations, and antd configured for the same language. */
import { ConfigProvider } from "antd";
import type { i18n } from "i18next";
import { useEffect, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { DEFAULT_LOCALE, antdLocales, isLocale } from "../i18n";
import { saveLocalePreference } from "../platform";

// Hangul-capable faces first, so Korean text never falls back to a bitmap or tofu font.
const fontFamily = [
  "'Malgun Gothic'",
  "'Apple SD Gothic Neo'",
  "'Noto Sans KR'",
  "'NanumGothic'",
  "-apple-system",
  "BlinkMacSystemFont",
  "'Segoe UI'",
  "Roboto",
  "sans-serif",
].join(", ");

type AppProvidersProps = { i18n: i18n; children: ReactNode };

export function AppProviders({ i18n, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedConfig>{children}</LocalizedConfig>
    </I18nextProvider>
  );
}

function LocalizedConfig({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LOCALE;
  const title = t("app.productName");

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = title;
  }, [locale, title]);

  useEffect(() => {
    const remember = (lng: string) => {
      if (isLocale(lng)) saveLocalePreference(lng);
    };
    i18n.on("languageChanged", remember);
    return () => {
      i18n.off("languageChanged", remember);
    };
  }, [i18n]);

  return (
    <ConfigProvider
      locale={antdLocales[locale]}
      theme={{ token: { fontFamily } }}
    >
      {children}
    </ConfigProvider>
  );
}
