import { request, type IncomingHttpHeaders } from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../testing/index.js";

/** A stand-in for the built web client: the page and one asset. */
const webDist = mkdtempSync(join(tmpdir(), "moa-web-dist-"));
mkdirSync(join(webDist, "assets"));
writeFileSync(
  join(webDist, "index.html"),
  '<!doctype html><script type="module" src="./assets/app.js"></script>',
);
writeFileSync(join(webDist, "assets", "app.js"), "export {};");
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** GET / with exactly the given headers. */
function rawGet(
  server: TestServer,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: "/", headers },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Every directive of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  expect(res.headers.get("permissions-policy")).toContain("microphone=()");
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
}

describe("security headers over plain http", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ WEB_DIST_DIR: webDist });
  });
  afterAll(() => server.close());

  it("gives the web client's page a strict policy that still lets it reach its own WebSocket", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expectBaseHeaders(res);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(
      expect.arrayContaining(["'self'", "data:", "blob:"]),
    );
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining([
        "'self'",
        server.url.replace(/^http/, "ws"), // ws://127.0.0.1:<port>
      ]),
    );
    expect(csp.get("style-src")).not.toContain("'unsafe-eval'");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives a 304 of the page the page's policy (browsers merge it into the cached page)", async () => {
    const first = await rawGet(server, {});
    const etag = String(first.headers.etag);
    // Node's http client, not fetch: fetch adds Cache-Control: no-cache to a conditional request.
    const again = await rawGet(server, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(
      directives(String(again.headers["content-security-policy"])).get(
        "script-src",
      ),
    ).toEqual(["'self'"]);
  });

  it("keeps a forged Host out of the policy", async () => {
    const res = await rawGet(server, { host: "a.example; script-src *" });
    const policy = String(res.headers["content-security-policy"]);
    expect(directives(policy).get("script-src")).toEqual(["'self'"]);
    expect(policy).not.toContain("a.example");
  });

  it("sends the headers with static assets, JSON answers and error answers", async () => {
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expectBaseHeaders(asset);

    const json = await fetch(`${server.url}/healthz`);
    expect(json.headers.get("content-type")).toContain("application/json");
    expectBaseHeaders(json);
    expect(
      directives(json.headers.get("content-security-policy")).get(
        "default-src",
      ),
    ).toEqual(["'none'"]);

    const notFound = await fetch(`${server.url}/api/v1/nope`);
    expect(notFound.status).toBe(404);
    expectBaseHeaders(notFound);

    const unauthorized = await fetch(
      `${server.url}/sales/api/v1/sfa/contactFindUser`,
    );
    expect(unauthorized.status).toBe(401);
    expectBaseHeaders(unauthorized);

    const badJson = await fetch(`${server.url}/api/v1/auth/login2`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
      },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    expectBaseHeaders(badJson);
  });
});

describe("security headers behind https", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      WEB_DIST_DIR: webDist,
      PUBLIC_URL: "https://moa.example.com",
    });
  });
  afterAll(() => server.close());

  it("adds HSTS and lets the page reach the public origin's WebSocket", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.headers.get("strict-transport-security")).toMatch(
      /^max-age=\d+/,
    );
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining(["wss://moa.example.com"]),
    );
    expect(csp.get("img-src")).toEqual(
      expect.arrayContaining(["https://moa.example.com"]),
    );
  });
});
