import { describe, expect, it } from "vitest";
import {
  DEFAULT_WIDGET_KEYS,
  isWidgetKey,
  validateWidgetSelection,
  widgetBadgeText,
  WIDGETS,
} from "./widgets.js";

describe("widgets", () => {
  it("maps keys 1–10 and nothing else", () => {
    expect(Object.keys(WIDGETS).map(Number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(isWidgetKey(0)).toBe(false);
    expect(isWidgetKey(11)).toBe(false);
    expect(WIDGETS[8]).toBe("webfax");
  });

  it("defaults to six widgets, the maximum", () => {
    expect(validateWidgetSelection(DEFAULT_WIDGET_KEYS)).toEqual({
      ok: true,
      value: [1, 2, 3, 4, 5, 6],
    });
  });

  it("rejects a seventh widget", () => {
    expect(validateWidgetSelection([1, 2, 3, 4, 5, 6, 7])).toEqual({
      ok: false,
      code: "settings.widgets.tooMany",
    });
  });

  it("accepts no widgets and drops duplicates before counting", () => {
    expect(validateWidgetSelection([])).toEqual({ ok: true, value: [] });
    expect(validateWidgetSelection([3, 3, 1, 2, 4, 5, 6])).toEqual({
      ok: true,
      value: [3, 1, 2, 4, 5, 6],
    });
  });

  it("rejects unknown keys", () => {
    expect(validateWidgetSelection([1, 42])).toEqual({
      ok: false,
      code: "settings.widgets.unknown",
    });
  });

  it("caps widget badges at 99+ except for the fax widget", () => {
    expect(widgetBadgeText(1, 99)).toBe("99");
    expect(widgetBadgeText(1, 100)).toBe("99+");
    expect(widgetBadgeText(8, 100)).toBe("100");
    expect(widgetBadgeText(8, 0)).toBe("");
  });
});
