/** Entry point of every window: picks the language, sends an empty hash to the splash, renders the app. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, START_PATH } from "./app";
import "./app/global.css";
import { DEFAULT_LOCALE, createI18n, isLocale } from "./i18n";
import { ensureRoute } from "./lib/router";
import { loadLocalePreference } from "./platform";

const stored = loadLocalePreference();
const i18n = createI18n(isLocale(stored) ? stored : DEFAULT_LOCALE);
ensureRoute(START_PATH);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
