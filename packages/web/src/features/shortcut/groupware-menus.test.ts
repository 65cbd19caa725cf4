/** Header widgets open as their shortcut-tab functions do: signed links the server verifies, or external sign-on. */
import { WIDGETS } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { widgetOpen } from "./groupware-menus";

describe("widgetOpen", () => {
  it("opens every widget the way the shortcut tab opens the same function", () => {
    expect(
      Object.values(WIDGETS).map((name) => [name, widgetOpen(name)]),
    ).toEqual([
      ["mail", { kind: "link", target: "mail", mini: "mail" }],
      ["approval", { kind: "link", target: "approval", mini: "approval" }],
      ["note", { kind: "link", target: "note", mini: "note" }],
      ["journal", { kind: "link", target: "journal", mini: "journal" }],
      ["schedule", { kind: "link", target: "schedule", mini: "schedule" }],
      ["home", { kind: "link", target: "home", mini: "home" }],
      ["webhard", { kind: "external", service: "webhard" }],
      ["webfax", { kind: "external", service: "webfax" }],
      ["sms", { kind: "link", target: "sms", mini: "sms" }],
      ["elecdoc", { kind: "external", service: "elecdoc" }],
    ]);
  });
});
