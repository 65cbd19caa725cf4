/** Hash routing for every window of the app. */
export {
  ensureRoute,
  navigate,
  parseHash,
  routeHref,
  useHashLocation,
  useQueryParam,
  type HashLocation,
  type NavigateOptions,
} from "./hash-router";
