/** The shared client-side HTTP wrapper against the real server: expired tokens are refreshed and requests replayed. */
import {
  createApiClient,
  orgSettingResponseSchema,
  SessionExpiredError,
  TokenRefreshError,
  type StoredTokens,
  type TokenStore,
} from "@moa/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Company } from "../db/repositories/companies.repository.js";
import {
  createCompany,
  createTestServer,
  createUser,
  loginAs,
  type TestServer,
} from "../testing/index.js";

let server: TestServer;
let company: Company;
let now = Date.now();

beforeAll(async () => {
  server = await createTestServer({}, { clock: () => new Date(now) });
  company = await createCompany(server.database.db);
});
afterAll(async () => {
  await server.close();
});

function memoryStore(
  initial: StoredTokens,
): TokenStore & { history: StoredTokens[]; cleared: boolean } {
  let current: StoredTokens | undefined = initial;
  const store = {
    history: [initial],
    cleared: false,
    get: () => current,
    set: (t: StoredTokens) => {
      current = t;
      store.history.push(t);
    },
    clear: () => {
      current = undefined;
      store.cleared = true;
    },
  };
  return store;
}

async function signedInClient() {
  const user = await createUser(server.database.db, company);
  const login = await loginAs(server, user);
  const tokens = memoryStore({
    accessToken: login.accessToken,
    refreshToken: login.refreshToken,
  });
  let requests = 0;
  const client = createApiClient({
    baseUrl: server.url,
    tokens,
    fetch: async (url, { accessToken, ...init }) => {
      requests += 1;
      const headers = accessToken
        ? { ...init.headers, Authorization: `Bearer ${accessToken}` }
        : init.headers;
      return fetch(url, { ...init, headers });
    },
  });
  return { client, tokens, requests: () => requests };
}

const orgSetting = {
  path: "/api/v1/chat/home/org/setting",
  schema: orgSettingResponseSchema,
};

describe("createApiClient against the server", () => {
  it("refreshes an expired token once and replays the request, even for concurrent requests", async () => {
    const { client, tokens, requests } = await signedInClient();
    expect(await client.request(orgSetting)).toEqual({
      ErrorCode: "00",
      orgSetting: { VirtUseYN: "N" },
    });
    now += 61 * 60_000;
    const answers = await Promise.all([
      client.request(orgSetting),
      client.request(orgSetting),
      client.request(orgSetting),
    ]);
    expect(answers.map((a) => a.ErrorCode)).toEqual(["00", "00", "00"]);
    // One refresh for all three (a second use of the refresh token would have ended the session).
    expect(tokens.history).toHaveLength(2);
    expect(requests()).toBe(1 + 3 + 1 + 3);
    expect(await client.request(orgSetting)).toMatchObject({ ErrorCode: "00" });
  });

  it("reports a refused refresh with the spec's code and forgets the tokens", async () => {
    const { client, tokens } = await signedInClient();
    await client.request({ method: "POST", path: "/api/v1/auth/logout" });
    await expect(client.refresh()).rejects.toEqual(
      new TokenRefreshError("107", "session_revoked"),
    );
    expect(tokens.cleared).toBe(true);
  });

  it("throws SessionExpiredError on 401 and clears the store", async () => {
    const { client, tokens } = await signedInClient();
    await client.request({ method: "POST", path: "/api/v1/auth/logout" });
    await expect(client.request(orgSetting)).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    expect(tokens.get()).toBeUndefined();
  });
});
