import { describe, expect, it } from "vitest";
import { messageMenuItems } from "./context-menu.js";
import { CONTENT_TYPES, isContentType } from "./content-type.js";

describe("messageMenuItems", () => {
  it("offers select all, copy and reply on others' messages", () => {
    expect(messageMenuItems({ own: false, contentType: "TALK" })).toEqual([
      "selectAll",
      "copy",
      "reply",
    ]);
    expect(messageMenuItems({ own: false, contentType: "FILE" })).toEqual([
      "selectAll",
      "copy",
      "reply",
    ]);
  });

  it("adds delete on own text messages", () => {
    expect(messageMenuItems({ own: true, contentType: "TALK" })).toEqual([
      "selectAll",
      "copy",
      "reply",
      "delete",
    ]);
  });

  it("offers select all, reply and delete, but no copy, on own files", () => {
    expect(messageMenuItems({ own: true, contentType: "FILE" })).toEqual([
      "selectAll",
      "reply",
      "delete",
    ]);
  });

  it("offers only select all on member events", () => {
    expect(messageMenuItems({ own: true, contentType: "INVITE" })).toEqual([
      "selectAll",
    ]);
  });
});

describe("isContentType", () => {
  it("knows the seven content types", () => {
    expect(CONTENT_TYPES).toEqual([
      "TALK",
      "FILE",
      "INVITE",
      "EXIT",
      "BAN",
      "DELEGATE",
      "ALROOM",
    ]);
    expect(CONTENT_TYPES.every(isContentType)).toBe(true);
  });

  it("rejects other values", () => {
    expect(isContentType("talk")).toBe(false);
    expect(isContentType("")).toBe(false);
    expect(isContentType(undefined)).toBe(false);
  });
});
