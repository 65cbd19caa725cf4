/** Renders the page for the current hash route, or the fallback page for an unknown one. */
import { Suspense } from "react";
import { NotFoundPage } from "../features/fallback";
import { useHashLocation } from "../lib/router";
import { routes } from "./routes";

export function RouteView() {
  const { path } = useHashLocation();
  const Page = Object.hasOwn(routes, path) ? routes[path] : undefined;
  // A lazily loaded screen shows nothing for the few milliseconds its chunk takes; a spinner would only flash.
  return Page ? (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  ) : (
    <NotFoundPage />
  );
}
