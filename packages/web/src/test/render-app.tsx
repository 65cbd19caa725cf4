/** Renders the real app at a given hash route with a fresh i18n instance, session and memory bridge, as `main.tsx` does. */
import { createBridge, createMemoryHub } from "@moa/shared";
import { render } from "@testing-library/react";
import { App } from "../app";
import { SessionController } from "../features/session";
import { createI18n, type Locale } from "../i18n";
import { windowIdFor } from "../lib/bridge";

/** What the main window answers a view window's session check; null: no signed-in main window answers. */
export type MainSession = { signedIn: boolean; locked: boolean } | null;

export function renderApp(
  hash: string,
  locale: Locale = "ko-KR",
  mainSession: MainSession = { signedIn: true, locked: false },
) {
  window.history.replaceState(null, "", hash);
  const i18n = createI18n(locale);
  const session = new SessionController({
    baseUrl: "http://moa.test",
    locale: () => "ko-kr",
  });
  const hub = createMemoryHub();
  const bridge = createBridge(windowIdFor(hash), hub.connect());
  // A view window shows its page only for a live session of a main window (ViewWindowGuard).
  const main =
    bridge.self === "main"
      ? null
      : createBridge("main", hub.connect(), { answerUnhandled: false });
  if (main && mainSession)
    main.handle("session:get", () => ({ ...mainSession, network: "success" }));
  return {
    i18n,
    session,
    hub,
    bridge,
    main,
    // jsdom never ends CSS transitions, so antd popups would stay mid-animation and ignore clicks.
    ...render(
      <App i18n={i18n} session={session} bridge={bridge} motion={false} />,
    ),
  };
}
