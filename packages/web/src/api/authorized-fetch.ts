/**
 * The ONLY place the web client puts the access token on a request (a test scans the sources for any other).
 * The token goes only to the client's own API origin: a URL that resolves anywhere else is refused before any
 * request leaves, so a link written into a chat message by its sender can never collect a member's token.
 */

/** A request with the token was addressed to another origin; nothing was sent. */
export class ForeignOriginError extends Error {
  constructor(readonly origin: string) {
    super(`the access token is not sent to ${origin}`);
    this.name = "ForeignOriginError";
  }
}

/**
 * The origin the client's API lives at.
 * @param apiBase - the configured server origin; "" (the default) for the page's own origin.
 * @returns e.g. `https://moa.example.com`.
 */
export function apiOrigin(apiBase = ""): string {
  return new URL(apiBase || "/", window.location.href).origin;
}

/**
 * Resolves a request URL and checks that it is on the API origin.
 * @returns the absolute URL.
 * @throws ForeignOriginError for any other origin (another host, port or scheme).
 */
function ownUrl(url: string, apiBase: string): string {
  const target = new URL(url, window.location.href);
  if (target.origin !== apiOrigin(apiBase))
    throw new ForeignOriginError(target.origin);
  return target.href;
}

/**
 * `fetch` with the access token.
 * @param url - a path on the API origin or an absolute URL on it.
 * @param token - the access token.
 * @param init - the request otherwise (its headers are kept; cookies stay same-origin).
 * @param apiBase - the configured server origin ("" for the page's own).
 * @returns the response.
 * @throws ForeignOriginError (as a rejection), before sending anything, when the URL is on another origin.
 */
export async function authorizedFetch(
  url: string,
  token: string,
  init: RequestInit = {},
  apiBase = "",
): Promise<Response> {
  const target = ownUrl(url, apiBase);
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  return await fetch(target, { ...init, headers, credentials: "same-origin" });
}

/**
 * Opens an XMLHttpRequest with the access token (uploads need its progress events, which fetch lacks).
 * @param xhr - the request, not yet opened.
 * @param method - the HTTP method.
 * @param url - a path on the API origin or an absolute URL on it.
 * @param token - the access token.
 * @throws ForeignOriginError, before opening, when the URL is on another origin.
 */
export function openAuthorizedXhr(
  xhr: XMLHttpRequest,
  method: string,
  url: string,
  token: string,
): void {
  xhr.open(method, ownUrl(url, ""));
  xhr.setRequestHeader("Authorization", `Bearer ${token}`);
}
