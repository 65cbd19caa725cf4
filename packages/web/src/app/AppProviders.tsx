/** Context every window needs: translations, antd in the same language and theme, queries, the session and the bridge. */
import type { Bridge } from "@moa/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { App as AntdApp, ConfigProvider, theme as antdTheme } from "antd";
import type { i18n } from "i18next";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { SessionProvider, type SessionController } from "../features/session";
import { DEFAULT_LOCALE, antdLocales, isLocale } from "../i18n";
import { BridgeProvider, useBridge, useBridgeEvent } from "../lib/bridge";
import { saveLocalePreference } from "../platform";
import {
  ThemeContext,
  loadThemeMode,
  saveThemeMode,
  type ThemeMode,
} from "../ui";

// The stack is defined once, in global.css, for antd's components and everything else alike.
const fontFamily = "var(--moa-font-sans)";

type AppProvidersProps = {
  i18n: i18n;
  session: SessionController;
  bridge: Bridge;
  /** Disables animations (tests: jsdom never ends CSS transitions). */
  motion?: boolean;
  children: ReactNode;
};

export function AppProviders({
  i18n,
  session,
  bridge,
  motion = true,
  children,
}: AppProvidersProps) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, refetchOnWindowFocus: false },
        },
      }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider controller={session}>
          <BridgeProvider bridge={bridge}>
            <ThemedConfig motion={motion}>{children}</ThemedConfig>
          </BridgeProvider>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

function ThemedConfig({
  motion,
  children,
}: {
  motion: boolean;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LOCALE;
  const [mode, setModeState] = useState<ThemeMode>(loadThemeMode);
  const bridge = useBridge();
  // Another window switched the look: every open window follows at once.
  useBridgeEvent("theme:changed", ({ mode: next }) => {
    setModeState(next);
  });

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  useEffect(() => {
    const remember = (lng: string) => {
      if (isLocale(lng)) saveLocalePreference(lng);
    };
    i18n.on("languageChanged", remember);
    return () => {
      i18n.off("languageChanged", remember);
    };
  }, [i18n]);

  const themeControl = useMemo(
    () => ({
      mode,
      setMode: (next: ThemeMode) => {
        saveThemeMode(next);
        setModeState(next);
        bridge.emit("theme:changed", { mode: next });
      },
    }),
    [mode, bridge],
  );

  return (
    <ThemeContext value={themeControl}>
      <ConfigProvider
        locale={antdLocales[locale]}
        theme={{
          algorithm:
            mode === "dark"
              ? antdTheme.darkAlgorithm
              : antdTheme.defaultAlgorithm,
          token: {
            fontFamily,
            colorPrimary: "#1d5fd6",
            borderRadius: 6,
            fontSize: 13,
            motion,
          },
        }}
      >
        <AntdApp component={false}>{children}</AntdApp>
      </ConfigProvider>
    </ThemeContext>
  );
}
