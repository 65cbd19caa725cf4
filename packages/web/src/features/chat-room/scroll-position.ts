/**
 * Where the message list is scrolled, as the spec's ratios (§9): near the bottom at or below 0.8 of the height (new
 * messages scroll into view), near the top above 0.2 (older history is fetched). Only the reader scrolling up leaves
 * the bottom: a list that follows a busy room is measured against content that grew before the list caught up.
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

export type ScrollPosition = { nearBottom: boolean; nearTop: boolean };

/**
 * Reads the scroll position.
 * @param el - the list's scroll container.
 * @returns whether the view's bottom edge is at or past 0.8 of the content, and whether its top edge is within the
 * first 0.2; a list that does not scroll is both.
 */
export function scrollPosition(el: ScrollMeasures): ScrollPosition {
  if (el.scrollHeight <= el.clientHeight)
    return { nearBottom: true, nearTop: true };
  return {
    nearBottom:
      (el.scrollTop + el.clientHeight) / el.scrollHeight >=
      SCROLL_NEAR_BOTTOM_RATIO,
    nearTop: el.scrollTop / el.scrollHeight < SCROLL_FETCH_TRIGGER_RATIO,
  };
}

/**
 * Reads the scroll position after a scroll event, given the event before it. Messages arriving in a burst grow the
 * list while it scrolls down to follow them, so the scroll event can report the new height before the view has caught
 * up; by the ratio alone the list would stop following a room it is reading live. Moving down therefore keeps "near
 * the bottom"; moving up goes by the ratio, and so does every move when the list was not near the bottom.
 * @param el - the list's scroll container, now.
 * @param previous - the container's scrollTop and whether it was near the bottom at the previous scroll event (for the
 * first event, where the list opened), or null when that is not known.
 */
export function nextScrollPosition(
  el: ScrollMeasures,
  previous: { scrollTop: number; nearBottom: boolean } | null,
): ScrollPosition {
  const position = scrollPosition(el);
  const followingDown =
    previous !== null &&
    previous.nearBottom &&
    el.scrollTop >= previous.scrollTop;
  return followingDown ? { ...position, nearBottom: true } : position;
}
