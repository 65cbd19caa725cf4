/**
 * The client side of the REST API with the spec §7.1 interceptor: a 200 answer with ErrorCode 01 / ExpiredJwt
 * refreshes the token once and replays the request; 401/418 mean the session is over. `fetch` and the token
 * store are injected, so the web app, the desktop shell and tests share this one implementation.
 */
import type { z } from "zod";
import { isExpiredJwt } from "../codes/login.js";
import { tokenRefreshResponseSchema } from "./auth.js";
import { LOCALE_HEADER, REQUESTED_WITH_HEADER } from "./envelope.js";

/** The part of a fetch Response the client reads. */
export type FetchResponse = {
  readonly status: number;
  json(): Promise<unknown>;
};

/**
 * Sends one request. The client never writes the Authorization header itself: it hands the access token over as
 * `accessToken`, and the platform's fetch attaches it (the web client's attaches it only for its own origin).
 */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    accessToken?: string;
  },
) => Promise<FetchResponse>;

/** The session's tokens as the client keeps them. */
export type StoredTokens = { accessToken: string; refreshToken: string };

/** Where the client keeps its tokens (memory, the main window's store, …). */
export interface TokenStore {
  /** @returns the current tokens, if signed in. */
  get(): StoredTokens | undefined;
  /** Replaces the tokens (after login or refresh). */
  set(tokens: StoredTokens): void;
  /** Forgets the tokens (session over). */
  clear(): void;
}

/** The session ended (HTTP 401 or 418, or the token could not be renewed): go to the login page. */
export class SessionExpiredError extends Error {
  constructor(readonly status: number) {
    super(`session expired (HTTP ${status})`);
    this.name = "SessionExpiredError";
  }
}

/** The token refresh was refused; `code` is the spec §8 refresh code (107, 102, 103, 104…). */
export class TokenRefreshError extends Error {
  constructor(
    readonly code: string,
    readonly serverMessage: string,
  ) {
    super(`token refresh refused: ${code} ${serverMessage}`);
    this.name = "TokenRefreshError";
  }
}

/** Any other HTTP error status (shown once as a server error). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = "HttpStatusError";
  }
}

/** The answer did not match the expected schema. */
export class ResponseShapeError extends Error {
  constructor(readonly issues: unknown) {
    super("unexpected response shape");
    this.name = "ResponseShapeError";
  }
}

export type ApiClientOptions = {
  /** Server origin, e.g. `https://moa.example.com`. */
  baseUrl: string;
  fetch: FetchLike;
  tokens: TokenStore;
  /** The UI locale sent in the locale header (ko-kr by default). */
  locale?: () => string;
  /** The X-Requested-With value naming this client. */
  requestedWith?: string;
  /** Called with the new tokens after every successful refresh. */
  onRefreshed?: (tokens: StoredTokens) => void;
};

export type RequestOptions<T> = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Path with query, e.g. `/api/v1/chat/home/org/setting`. */
  path: string;
  body?: unknown;
  /** Send the access token (default true). */
  auth?: boolean;
  /** Validates the answer; without it the parsed JSON is returned as is. */
  schema?: z.ZodType<T>;
};

/** A REST client bound to one server and one token store. */
export type ApiClient = {
  /**
   * Sends a request; an expired token is refreshed once and the request replayed.
   * @param opts method, path, body, whether to authenticate and the response schema.
   * @returns the response body (parsed with `schema` when given).
   * @throws SessionExpiredError on 401/418, TokenRefreshError when renewal is refused,
   *   HttpStatusError on other non-2xx statuses, ResponseShapeError when the schema does not match.
   */
  request<T = unknown>(opts: RequestOptions<T>): Promise<T>;
  /**
   * Renews the tokens now (the 50-minute timer calls this); concurrent calls share one refresh.
   * @throws TokenRefreshError or SessionExpiredError when the session cannot be renewed.
   */
  refresh(): Promise<void>;
};

/**
 * Creates a REST client.
 * @param options server, fetch, token store and headers.
 * @returns the client.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let refreshing: Promise<void> | undefined;

  const send = async (
    method: string,
    path: string,
    body: unknown,
    auth: boolean,
  ) => {
    const headers: Record<string, string> = {
      Accept: "application/json",
      [REQUESTED_WITH_HEADER]: options.requestedWith ?? "XMLHttpRequest",
      [LOCALE_HEADER]: options.locale?.() ?? "ko-kr",
    };
    const access = auth ? options.tokens.get()?.accessToken : undefined;
    const init: Parameters<FetchLike>[1] = { method, headers };
    if (access) init.accessToken = access;
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const res = await options.fetch(options.baseUrl + path, init);
    if (res.status === 401 || res.status === 418) {
      options.tokens.clear();
      throw new SessionExpiredError(res.status);
    }
    const json: unknown = res.status === 204 ? undefined : await res.json();
    if (res.status < 200 || res.status >= 300)
      throw new HttpStatusError(res.status, json);
    return json;
  };

  const doRefresh = async () => {
    const current = options.tokens.get();
    if (!current) throw new SessionExpiredError(401);
    const body = await send(
      "POST",
      "/api/v1/auth/token/refresh",
      { refreshToken: current.refreshToken },
      false,
    );
    const parsed = tokenRefreshResponseSchema.safeParse(body);
    if (!parsed.success) {
      options.tokens.clear();
      const b = (body ?? {}) as { ErrorCode?: unknown; ErrorMsg?: unknown };
      const text = (v: unknown) => (typeof v === "string" ? v : "");
      throw new TokenRefreshError(text(b.ErrorCode), text(b.ErrorMsg));
    }
    const next = {
      accessToken: parsed.data.Token_Info.Access_Token,
      refreshToken: parsed.data.Token_Info.Refresh_Token,
    };
    options.tokens.set(next);
    options.onRefreshed?.(next);
  };

  const refresh = async () => {
    refreshing ??= (async () => {
      try {
        await doRefresh();
      } finally {
        refreshing = undefined;
      }
    })();
    await refreshing;
  };

  /**
   * Refreshes after an ExpiredJwt answer, unless the token that expired was already replaced: a request answered
   * after another one's refresh finished must not refresh again (each refresh rotates the tokens, for nothing).
   * @param expired the access token the request was sent with.
   */
  const renew = async (expired: string | undefined) => {
    if (!refreshing && options.tokens.get()?.accessToken !== expired) return;
    await refresh();
  };

  const isExpired = (json: unknown) =>
    typeof json === "object" && json !== null && isExpiredJwt(json);

  return {
    refresh,
    async request<T>(opts: RequestOptions<T>): Promise<T> {
      const method = opts.method ?? "GET";
      const auth = opts.auth ?? true;
      const sentWith = auth ? options.tokens.get()?.accessToken : undefined;
      let json = await send(method, opts.path, opts.body, auth);
      if (auth && isExpired(json)) {
        await renew(sentWith);
        json = await send(method, opts.path, opts.body, auth);
        // A fresh token that is already expired means the clocks disagree badly: give up the session.
        if (isExpired(json)) {
          options.tokens.clear();
          throw new SessionExpiredError(401);
        }
      }
      if (!opts.schema) return json as T;
      const parsed = opts.schema.safeParse(json);
      if (!parsed.success) throw new ResponseShapeError(parsed.error.issues);
      return parsed.data;
    },
  };
}
