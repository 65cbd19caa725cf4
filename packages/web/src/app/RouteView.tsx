/** Renders the page for the current hash route, or the fallback page for an unknown one. */
import { NotFoundPage } from "../features/fallback";
import { useHashLocation } from "../lib/router";
import { routes } from "./routes";

export function RouteView() {
  const { path } = useHashLocation();
  const Page = Object.hasOwn(routes, path) ? routes[path] : undefined;
  return Page ? <Page /> : <NotFoundPage />;
}
