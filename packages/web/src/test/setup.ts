/** jsdom setup for component tests: unmount between tests and start each one at a clean URL and storage. */
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";

// findBy…/waitFor wait for a condition; screens load lazily (route chunks), which on a loaded 2-core machine takes
// longer than testing-library's default second. The limit only matters when the condition never comes.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout, so nothing ever resizes: an observer that never reports is faithful. antd's popups need one.
class NoLayoutResizeObserver implements ResizeObserver {
  observe() {
    /* no layout in jsdom, nothing to report */
  }
  unobserve() {
    /* nothing observed */
  }
  disconnect() {
    /* nothing observed */
  }
}
if (!("ResizeObserver" in globalThis))
  globalThis.ResizeObserver = NoLayoutResizeObserver;

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});

// jsdom has no media queries; report "no match" (light theme, desktop width), as a plain desktop browser would.
if (typeof window.matchMedia !== "function")
  Object.defineProperty(window, "matchMedia", {
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  });
