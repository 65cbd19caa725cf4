/**
 * Where the message list is scrolled, as the spec's ratios (§9): near the bottom at or below 0.8 of the height (new
 * messages scroll into view), near the top above 0.2 (older history is fetched).
 */
import {
  SCROLL_FETCH_TRIGGER_RATIO,
  SCROLL_NEAR_BOTTOM_RATIO,
} from "@moa/shared";

/** A scroll container's measures (an element's scrollTop, clientHeight and scrollHeight). */
export type ScrollMeasures = {
  readonly scrollTop: number;
  readonly clientHeight: number;
  readonly scrollHeight: number;
};

/**
 * Reads the scroll position.
 * @param el - the list's scroll container.
 * @returns whether the view's bottom edge is at or past 0.8 of the content, and whether its top edge is within the
 * first 0.2; a list that does not scroll is both.
 */
export function scrollPosition(el: ScrollMeasures): {
  nearBottom: boolean;
  nearTop: boolean;
} {
  if (el.scrollHeight <= el.clientHeight)
    return { nearBottom: true, nearTop: true };
  return {
    nearBottom:
      (el.scrollTop + el.clientHeight) / el.scrollHeight >=
      SCROLL_NEAR_BOTTOM_RATIO,
    nearTop: el.scrollTop / el.scrollHeight < SCROLL_FETCH_TRIGGER_RATIO,
  };
}
