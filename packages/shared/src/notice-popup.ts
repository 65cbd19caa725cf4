/**
 * Notice popup visibility (spec §4): shown when a popup notice exists and the stored hide flag is N. Ticking
 * "do not show again" stores Y with the notice's sequence number; a notice with another number resets it to N.
 */

import type { YnFlag } from "./constants.js";

/** What is stored locally about the popup. */
export type NoticePopupStore = {
  /** Y once the user chose not to see the popup again. */
  readonly hideYn: YnFlag;
  /** `brd_seq` of the notice the flag belongs to; null before any notice. */
  readonly brdSeq: string | null;
};

/** Nothing stored yet. */
export const INITIAL_NOTICE_POPUP_STORE: NoticePopupStore = {
  hideYn: "N",
  brdSeq: null,
};

/**
 * Updates the store for the popup notice just fetched: a different sequence number clears the hide flag.
 * @param store - the stored state.
 * @param brdSeq - the fetched notice's `brd_seq`, or null when there is no popup notice.
 * @returns the state to store (the same object when nothing changes).
 */
export function receiveNoticePopup(
  store: NoticePopupStore,
  brdSeq: string | null,
): NoticePopupStore {
  if (brdSeq === null || brdSeq === store.brdSeq) return store;
  return { hideYn: "N", brdSeq };
}

/**
 * Tells whether to show the popup.
 * @param store - the stored state, already updated with {@link receiveNoticePopup}.
 * @param brdSeq - the current popup notice's `brd_seq`, or null when there is none.
 * @returns true when a notice exists and the user has not hidden it.
 */
export function isNoticePopupVisible(
  store: NoticePopupStore,
  brdSeq: string | null,
): boolean {
  return brdSeq !== null && !(store.hideYn === "Y" && store.brdSeq === brdSeq);
}

/**
 * Records "do not show again" for a notice.
 * @param brdSeq - the notice's `brd_seq`.
 * @returns the state to store.
 */
export function hideNoticePopup(brdSeq: string): NoticePopupStore {
  return { hideYn: "Y", brdSeq };
}
