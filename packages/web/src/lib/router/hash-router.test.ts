/** Hash parsing, navigation with and without a history entry, and the start route. */
import { describe, expect, it, vi } from "vitest";
import { ensureRoute, navigate, parseHash, routeHref } from "./hash-router";

describe("parseHash", () => {
  it("splits path and query", () => {
    const { path, query } = parseHash(
      "#/chatRoom?rparam=%7B%22a%22%3A1%7D&x=2",
    );
    expect(path).toBe("/chatRoom");
    expect(query.get("rparam")).toBe('{"a":1}');
    expect(query.get("x")).toBe("2");
  });

  it("treats an empty hash as the root and adds a missing leading slash", () => {
    expect(parseHash("").path).toBe("/");
    expect(parseHash("#").path).toBe("/");
    expect(parseHash("#login").path).toBe("/login");
  });
});

describe("navigate", () => {
  it("adds a history entry and announces the change", () => {
    const onChange = vi.fn();
    window.addEventListener("hashchange", onChange);
    const before = window.history.length;

    navigate("/webhard?x=1");

    window.removeEventListener("hashchange", onChange);
    expect(window.location.hash).toBe("#/webhard?x=1");
    expect(window.history.length).toBe(before + 1);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("replaces the current entry when asked", () => {
    navigate("/splash");
    const before = window.history.length;

    navigate("/login", { replace: true });

    expect(window.location.hash).toBe("#/login");
    expect(window.history.length).toBe(before);
  });

  it("does nothing when already at the route", () => {
    navigate("/login");
    const onChange = vi.fn();
    window.addEventListener("hashchange", onChange);
    const before = window.history.length;

    navigate("/login");

    window.removeEventListener("hashchange", onChange);
    expect(window.history.length).toBe(before);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe("ensureRoute", () => {
  it("sends an app opened without a hash to the start route, without a history entry", () => {
    const before = window.history.length;
    ensureRoute("/splash");
    expect(window.location.hash).toBe("#/splash");
    expect(window.history.length).toBe(before);
  });

  it("keeps a route the window was opened with", () => {
    window.history.replaceState(null, "", "#/chatRoom?rparam=1");
    ensureRoute("/splash");
    expect(window.location.hash).toBe("#/chatRoom?rparam=1");
  });
});

describe("routeHref", () => {
  it("builds a hash link", () => {
    expect(routeHref("/")).toBe("#/");
    expect(routeHref("login")).toBe("#/login");
  });
});
