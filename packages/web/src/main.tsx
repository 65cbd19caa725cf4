/** Entry point of every window: language, session (owned by the main window), bridge, then the app. */
import { createBridge } from "@moa/shared";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, START_PATH } from "./app";
import "./app/global.css";
import { createWindowManager, SessionController } from "./features/session";
import { DEFAULT_LOCALE, isLocale, startI18n } from "./i18n";
import { windowIdFor } from "./lib/bridge";
import { ensureRoute } from "./lib/router";
import {
  createBroadcastChannelTransport,
  loadLocalePreference,
  onWindowClosing,
} from "./platform";

const stored = loadLocalePreference();
const i18n = await startI18n(isLocale(stored) ? stored : DEFAULT_LOCALE);
ensureRoute(START_PATH);

const session = new SessionController({
  baseUrl: "",
  locale: () => (i18n.resolvedLanguage ?? DEFAULT_LOCALE).toLowerCase(),
});
const windowId = windowIdFor(window.location.hash);
// Every tab of the profile is a "main" window: only the one with a session answers views (see answerUnhandled).
const bridge = createBridge(windowId, createBroadcastChannelTransport(), {
  answerUnhandled: windowId !== "main",
});
if (windowId === "main") {
  session.windows = createWindowManager(bridge, session);
  onWindowClosing(() => {
    session.endOnUnload();
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App
      i18n={i18n}
      session={session}
      bridge={bridge}
      // A user who asked their system for less motion gets dialogs and menus that appear without animating.
      motion={!window.matchMedia("(prefers-reduced-motion: reduce)").matches}
    />
  </StrictMode>,
);
