/** The whole web app: providers, the shared alert dialog and session-exit handling around the current route's page. */
import type { Bridge } from "@moa/shared";
import type { i18n } from "i18next";
import {
  SessionAlerts,
  SessionExitWatcher,
  ViewWindowGuard,
  type SessionController,
} from "../features/session";
import { AppProviders } from "./AppProviders";
import { RouteView } from "./RouteView";

type AppProps = {
  i18n: i18n;
  session: SessionController;
  bridge: Bridge;
  motion?: boolean;
};

export function App({ i18n, session, bridge, motion }: AppProps) {
  return (
    <AppProviders
      i18n={i18n}
      session={session}
      bridge={bridge}
      {...(motion === undefined ? {} : { motion })}
    >
      <ViewWindowGuard>
        <RouteView />
      </ViewWindowGuard>
      <SessionAlerts />
      <SessionExitWatcher />
    </AppProviders>
  );
}
