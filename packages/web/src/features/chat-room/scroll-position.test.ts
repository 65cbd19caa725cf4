import { describe, expect, it } from "vitest";
import { nextScrollPosition, scrollPosition } from "./scroll-position";

// A 500-pixel view over 2,000 pixels of messages: near the bottom once its bottom edge passes 1,600 (0.8).
const at = (scrollTop: number, scrollHeight = 2000) => ({
  scrollTop,
  clientHeight: 500,
  scrollHeight,
});

describe("scroll position", () => {
  it("is near the bottom from 0.8 of the content and near the top within its first 0.2", () => {
    expect(scrollPosition(at(1100))).toEqual({
      nearBottom: true,
      nearTop: false,
    });
    expect(scrollPosition(at(1099))).toEqual({
      nearBottom: false,
      nearTop: false,
    });
    expect(scrollPosition(at(399))).toEqual({
      nearBottom: false,
      nearTop: true,
    });
    expect(scrollPosition(at(0, 400))).toEqual({
      nearBottom: true,
      nearTop: true,
    });
  });

  it("keeps following when a burst grew the list faster than it scrolled down", () => {
    // Was at the bottom of 1,500 pixels; 900 pixels of messages arrived while it scrolled 100 pixels on.
    const position = nextScrollPosition(at(1100, 2400), {
      scrollTop: 1000,
      nearBottom: true,
    });
    expect(position.nearBottom).toBe(true);
  });

  it("stops following when the reader scrolls up, and starts again back near the bottom", () => {
    const up = nextScrollPosition(at(900), {
      scrollTop: 1500,
      nearBottom: true,
    });
    expect(up.nearBottom).toBe(false);
    const stillAbove = nextScrollPosition(at(1000), {
      scrollTop: 900,
      nearBottom: false,
    });
    expect(stillAbove.nearBottom).toBe(false);
    const back = nextScrollPosition(at(1200), {
      scrollTop: 1000,
      nearBottom: false,
    });
    expect(back.nearBottom).toBe(true);
  });

  it("goes by the ratio alone when where the list opened is not known", () => {
    expect(nextScrollPosition(at(1000), null).nearBottom).toBe(false);
    expect(nextScrollPosition(at(1500), null).nearBottom).toBe(true);
  });
});
