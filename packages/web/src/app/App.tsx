/** The whole web app: providers around the current route's page. */
import type { i18n } from "i18next";
import { AppProviders } from "./AppProviders";
import { RouteView } from "./RouteView";

export function App({ i18n }: { i18n: i18n }) {
  return (
    <AppProviders i18n={i18n}>
      <RouteView />
    </AppProviders>
  );
}
