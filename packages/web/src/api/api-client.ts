/** The web app's REST client: the shared fetch wrapper (spec §7.1 interceptor) bound to this origin and a token store. */
import {
  createApiClient,
  type ApiClient,
  type StoredTokens,
  type TokenStore,
} from "@moa/shared";
import { authorizedFetch } from "./authorized-fetch";

/** Tokens kept in memory by the main window, which owns the session. */
export function createMemoryTokenStore(): TokenStore & {
  subscribe(fn: (t: StoredTokens | undefined) => void): () => void;
} {
  let tokens: StoredTokens | undefined;
  const listeners = new Set<(t: StoredTokens | undefined) => void>();
  const notify = () => {
    for (const fn of listeners) fn(tokens);
  };
  return {
    get: () => tokens,
    set(next) {
      tokens = next;
      notify();
    },
    clear() {
      tokens = undefined;
      notify();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
  };
}

/**
 * Creates the client for a server.
 * @param baseUrl - server origin ("" for the page's own origin).
 * @param tokens - where the session's tokens live.
 * @param locale - the UI locale for the locale header, e.g. `ko-kr`.
 * @returns the client.
 */
export function createWebApiClient(
  baseUrl: string,
  tokens: TokenStore,
  locale: () => string,
): ApiClient {
  return createApiClient({
    baseUrl,
    tokens,
    locale,
    requestedWith: "MoaWeb",
    fetch: async (url, { accessToken, ...init }) => {
      const res =
        accessToken === undefined
          ? await fetch(url, { ...init, credentials: "same-origin" })
          : await authorizedFetch(url, accessToken, init, baseUrl);
      return { status: res.status, json: () => res.json() as Promise<unknown> };
    },
  });
}
