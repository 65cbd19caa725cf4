import { describe, expect, it } from "vitest";
import {
  hideNoticePopup,
  INITIAL_NOTICE_POPUP_STORE,
  isNoticePopupVisible,
  receiveNoticePopup,
} from "./notice-popup.js";

describe("notice popup", () => {
  it("shows a new popup notice", () => {
    const store = receiveNoticePopup(INITIAL_NOTICE_POPUP_STORE, "17");
    expect(isNoticePopupVisible(store, "17")).toBe(true);
  });

  it("shows nothing when there is no popup notice", () => {
    expect(isNoticePopupVisible(INITIAL_NOTICE_POPUP_STORE, null)).toBe(false);
    expect(receiveNoticePopup(INITIAL_NOTICE_POPUP_STORE, null)).toBe(
      INITIAL_NOTICE_POPUP_STORE,
    );
  });

  it("stays hidden for the same notice after 'do not show again'", () => {
    const hidden = hideNoticePopup("17");
    const afterRefetch = receiveNoticePopup(hidden, "17");
    expect(afterRefetch).toEqual({ hideYn: "Y", brdSeq: "17" });
    expect(isNoticePopupVisible(afterRefetch, "17")).toBe(false);
  });

  it("shows again when a notice with another sequence number arrives", () => {
    const store = receiveNoticePopup(hideNoticePopup("17"), "18");
    expect(store).toEqual({ hideYn: "N", brdSeq: "18" });
    expect(isNoticePopupVisible(store, "18")).toBe(true);
  });

  it("keeps the hide flag when a notice disappears and the same one returns", () => {
    const hidden = receiveNoticePopup(hideNoticePopup("17"), null);
    expect(isNoticePopupVisible(receiveNoticePopup(hidden, "17"), "17")).toBe(
      false,
    );
  });
});
