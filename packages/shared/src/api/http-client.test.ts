import { describe, expect, it } from "vitest";
import {
  createApiClient,
  HttpStatusError,
  SessionExpiredError,
  type FetchLike,
  type StoredTokens,
} from "./http-client.js";

type Call = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
};

/** A scripted server: answers each call with the next response. */
function scripted(responses: { status: number; body?: unknown }[]) {
  const calls: Call[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, ...init });
    const next = responses.shift() ?? { status: 500 };
    return Promise.resolve({
      status: next.status,
      json: () => Promise.resolve(next.body),
    });
  };
  return { fetch, calls };
}

function store(initial?: StoredTokens) {
  let t = initial;
  return {
    get: () => t,
    set: (n: StoredTokens) => (t = n),
    clear: () => (t = undefined),
  };
}

describe("createApiClient", () => {
  it("sends the pre-login headers and the bearer token", async () => {
    const { fetch, calls } = scripted([
      { status: 200, body: { ErrorCode: "00" } },
    ]);
    const client = createApiClient({
      baseUrl: "https://moa.test",
      fetch,
      tokens: store({ accessToken: "A", refreshToken: "R" }),
      locale: () => "en-us",
      requestedWith: "moa-desktop",
    });
    await client.request({ method: "POST", path: "/api/v1/x", body: { a: 1 } });
    expect(calls[0]).toEqual({
      url: "https://moa.test/api/v1/x",
      method: "POST",
      headers: {
        Accept: "application/json",
        "X-Requested-With": "moa-desktop",
        locale: "en-us",
        "Content-Type": "application/json",
      },
      body: '{"a":1}',
      accessToken: "A",
    });
  });

  it("gives up the session when the replay after a refresh is still ExpiredJwt", async () => {
    const expired = {
      status: 200,
      body: { ErrorCode: "01", ErrorMsg: "ExpiredJwt" },
    };
    const refreshed = {
      status: 200,
      body: {
        ErrorCode: "00",
        Token_Info: {
          Access_Token: "A2",
          Expires_In: 3600,
          Refresh_Token: "R2",
        },
      },
    };
    const { fetch } = scripted([expired, refreshed, expired]);
    const tokens = store({ accessToken: "A", refreshToken: "R" });
    const client = createApiClient({ baseUrl: "", fetch, tokens });
    await expect(client.request({ path: "/api/v1/x" })).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    expect(tokens.get()).toBeUndefined();
  });

  it("refreshes once when a request's ExpiredJwt answer comes after another request's refresh finished", async () => {
    const expired = { ErrorCode: "01", ErrorMsg: "ExpiredJwt" };
    const calls: Call[] = [];
    let answerLate: () => void = () => {};
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, ...init });
      const json = (body: unknown) => ({
        status: 200,
        json: () => Promise.resolve(body),
      });
      if (url.endsWith("/token/refresh"))
        return json({
          ErrorCode: "00",
          Token_Info: {
            Access_Token: "A2",
            Expires_In: 3600,
            Refresh_Token: "R2",
          },
        });
      if (init.accessToken === "A2") return json({ ErrorCode: "00" });
      // The second request with the old token is answered only after the first one's refresh and replay.
      if (url.endsWith("/late")) await late;
      return json(expired);
    };
    const tokens = store({ accessToken: "A", refreshToken: "R" });
    const client = createApiClient({
      baseUrl: "https://moa.test",
      fetch,
      tokens,
    });
    const slow = client.request({ path: "/api/v1/late" });
    await client.request({ path: "/api/v1/first" });
    answerLate();
    await expect(slow).resolves.toEqual({ ErrorCode: "00" });
    expect(calls.filter((c) => c.url.endsWith("/token/refresh"))).toHaveLength(
      1,
    );
    expect(tokens.get()).toEqual({ accessToken: "A2", refreshToken: "R2" });
  });

  it("maps 418 to SessionExpiredError and other statuses to HttpStatusError", async () => {
    const { fetch } = scripted([
      { status: 418, body: {} },
      { status: 503, body: { ErrorCode: "01" } },
    ]);
    const client = createApiClient({
      baseUrl: "",
      fetch,
      tokens: store({ accessToken: "A", refreshToken: "R" }),
    });
    await expect(client.request({ path: "/a" })).rejects.toEqual(
      new SessionExpiredError(418),
    );
    await expect(client.request({ path: "/b", auth: false })).rejects.toEqual(
      new HttpStatusError(503, { ErrorCode: "01" }),
    );
  });
});
