/** The access token goes to the client's own API origin and nowhere else. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  authorizedFetch,
  ForeignOriginError,
  openAuthorizedXhr,
} from "./authorized-fetch";

// Every non-test source of the web client, read at build time (no Node file APIs needed).
const sources = import.meta.glob<string>(
  ["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../test/**"],
  { query: "?raw", import: "default", eager: true },
);

function stubFetch() {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response("ok")),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("authorizedFetch", () => {
  it("sends the token to a path on the page's own origin", async () => {
    const fetchMock = stubFetch();
    await authorizedFetch("/fileupload/Common/thumbnail.on21?fileno=1", "T", {
      headers: { "X-Requested-With": "MoaWeb" },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(
      `${window.location.origin}/fileupload/Common/thumbnail.on21?fileno=1`,
    );
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe("Bearer T");
    expect(headers.get("X-Requested-With")).toBe("MoaWeb");
    expect(init.credentials).toBe("same-origin");
  });

  it("sends the token to the configured API origin", async () => {
    const fetchMock = stubFetch();
    await authorizedFetch(
      "http://moa.test/api/v1/x",
      "T",
      {},
      "http://moa.test",
    );
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer T");
  });

  it.each([
    "http://127.0.0.1:9/steal.png",
    "//evil.example/x",
    `https://${window.location.host}/x`,
    `${window.location.protocol}//${window.location.hostname}:1/x`,
  ])("refuses %s and sends nothing", async (url) => {
    const fetchMock = stubFetch();
    await expect(authorizedFetch(url, "T")).rejects.toBeInstanceOf(
      ForeignOriginError,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses the page's own origin when the API is configured elsewhere", async () => {
    const fetchMock = stubFetch();
    await expect(
      authorizedFetch("/api/v1/x", "T", {}, "http://moa.test"),
    ).rejects.toBeInstanceOf(ForeignOriginError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("openAuthorizedXhr", () => {
  it("refuses another origin before opening", () => {
    const xhr = new XMLHttpRequest();
    const open = vi.spyOn(xhr, "open");
    expect(() => {
      openAuthorizedXhr(xhr, "POST", "http://evil.example/upload", "T");
    }).toThrow(ForeignOriginError);
    expect(open).not.toHaveBeenCalled();
  });
});

describe("the web client's sources", () => {
  it("are scanned (guards against a broken glob)", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(Object.keys(sources)).toContain("./authorized-fetch.ts");
  });

  it("set the Authorization header only in authorized-fetch.ts", () => {
    const others = Object.entries(sources)
      .filter(([file]) => file !== "./authorized-fetch.ts")
      .filter(([, text]) => /authorization|bearer\s/i.test(text))
      .map(([file]) => file);
    expect(others).toEqual([]);
  });
});
