/**
 * A tiny hash router: the route lives after `#` as `/path?query`, the way every desktop window is opened.
 * Hand-written rather than wouter@3: its hash hook keeps the query in `location.search`, outside the hash,
 * so `#/chatRoom?rparam=…` would not match `/chatRoom`. This is ~60 lines over `useSyncExternalStore`.
 */
import { useMemo, useSyncExternalStore } from "react";

/** Where the app is: the route path (always starting with `/`) and its query parameters. */
export type HashLocation = {
  path: string;
  query: URLSearchParams;
};

export type NavigateOptions = {
  /** Replace the current history entry instead of adding one (e.g. splash → login). */
  replace?: boolean;
};

/** Splits a hash such as `#/chatRoom?rparam=1` into its route path and query. */
export function parseHash(hash: string): HashLocation {
  const route = hash.replace(/^#/, "");
  const queryStart = route.indexOf("?");
  const rawPath = queryStart === -1 ? route : route.slice(0, queryStart);
  const search = queryStart === -1 ? "" : route.slice(queryStart + 1);
  return {
    path: rawPath.startsWith("/") ? rawPath : `/${rawPath}`,
    query: new URLSearchParams(search),
  };
}

/** Goes to a route such as `/login` or `/chatRoom?rparam=…`. */
export function navigate(
  to: string,
  { replace = false }: NavigateOptions = {},
) {
  const oldURL = window.location.href;
  const url = new URL(oldURL);
  url.hash = to.startsWith("/") ? to : `/${to}`;
  if (url.href === oldURL) return;
  // history.*State never fires hashchange, so announce the change ourselves; listeners run synchronously.
  if (replace) window.history.replaceState(window.history.state, "", url);
  else window.history.pushState(null, "", url);
  window.dispatchEvent(
    new HashChangeEvent("hashchange", { oldURL, newURL: url.href }),
  );
}

/** The `href` of a link to a route, e.g. `routeHref("/")` → `#/`; the browser then fires hashchange itself. */
export function routeHref(path: string): string {
  return `#${path.startsWith("/") ? path : `/${path}`}`;
}

/** Sends an app opened without a route (empty hash) to `fallbackPath`, without a history entry. */
export function ensureRoute(fallbackPath: string) {
  if (window.location.hash.replace(/^#/, "") === "")
    navigate(fallbackPath, { replace: true });
}

function subscribe(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
  };
}

// The snapshot is the raw hash string: a primitive, so React sees a change only when the route changes.
const getHash = () => window.location.hash;

/** The current route; re-renders the caller whenever the hash changes. */
export function useHashLocation(): HashLocation {
  const hash = useSyncExternalStore(subscribe, getHash);
  return useMemo(() => parseHash(hash), [hash]);
}

/** One query parameter of the current route, or null when absent. */
export function useQueryParam(name: string): string | null {
  return useHashLocation().query.get(name);
}
