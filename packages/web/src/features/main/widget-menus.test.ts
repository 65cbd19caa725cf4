import { DEFAULT_WIDGET_KEYS } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { badgeCountKinds, usableWidgets } from "./widget-menus";

const everything = {
  mailUsed: true,
  approvalUsed: true,
  noteUsed: true,
  journalUsed: true,
  calendarUsed: true,
};

describe("widgets follow the user's menus", () => {
  it("a free user (no mail menu) gets no mail widget and no mail count is asked for", () => {
    const widgets = usableWidgets(DEFAULT_WIDGET_KEYS, {
      ...everything,
      mailUsed: false,
    });
    expect(widgets).toEqual([2, 3, 4, 5, 6]);
    expect(badgeCountKinds(widgets)).toEqual(["apr", "note", "todo", "sch"]);
  });

  it("a user with every menu gets every default widget and count", () => {
    const widgets = usableWidgets(DEFAULT_WIDGET_KEYS, everything);
    expect(widgets).toEqual([1, 2, 3, 4, 5, 6]);
    expect(badgeCountKinds(widgets)).toEqual([
      "mail",
      "apr",
      "note",
      "todo",
      "sch",
    ]);
  });

  it("before the menus are known only the groupware home shows and nothing is counted", () => {
    const widgets = usableWidgets(DEFAULT_WIDGET_KEYS, undefined);
    expect(widgets).toEqual([6]);
    expect(badgeCountKinds(widgets)).toEqual([]);
  });
});
