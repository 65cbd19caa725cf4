/** Renders the real app at a given hash route with a fresh i18n instance, as `main.tsx` does. */
import { render } from "@testing-library/react";
import { ConfigProvider } from "antd";
import { App } from "../app";
import { createI18n, type Locale } from "../i18n";

export function renderApp(hash: string, locale: Locale = "ko-KR") {
  window.history.replaceState(null, "", hash);
  const i18n = createI18n(locale);
  return {
    i18n,
    // jsdom never ends CSS transitions, so antd popups would stay mid-animation and ignore clicks.
    ...render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App i18n={i18n} />
      </ConfigProvider>,
    ),
  };
}
