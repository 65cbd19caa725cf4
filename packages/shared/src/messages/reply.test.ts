import { describe, expect, it } from "vitest";
import { quoteForReply } from "./reply.js";
import { previewMessage } from "./long-message.js";
import { LONG_MESSAGE_MAX_LENGTH } from "../constants.js";

describe("quoteForReply", () => {
  it("keeps exactly 20 characters without an ellipsis", () => {
    expect(quoteForReply("가".repeat(20))).toBe("가".repeat(20));
  });

  it("cuts 21 characters to 20 plus an ellipsis", () => {
    expect(quoteForReply("가".repeat(21))).toBe(`${"가".repeat(20)}...`);
  });

  it("keeps empty text empty", () => {
    expect(quoteForReply("")).toBe("");
  });

  it("does not split an emoji at the cut", () => {
    expect(quoteForReply(`${"a".repeat(19)}😀😀`)).toBe(
      `${"a".repeat(19)}😀...`,
    );
  });

  it("quotes a multi-line message on one line", () => {
    expect(quoteForReply("회의\n3시")).toBe("회의 3시");
  });
});

describe("previewMessage", () => {
  it("shows a message at the limit in full", () => {
    const text = "가".repeat(LONG_MESSAGE_MAX_LENGTH);
    expect(previewMessage(text)).toEqual({ text, isLong: false });
  });

  it("cuts a message one over the limit and offers see-all", () => {
    const preview = previewMessage("가".repeat(LONG_MESSAGE_MAX_LENGTH + 1));
    expect(preview).toEqual({
      text: `${"가".repeat(LONG_MESSAGE_MAX_LENGTH)}...`,
      isLong: true,
    });
  });

  it("keeps line breaks of a long message's preview", () => {
    expect(previewMessage("a\nb").text).toBe("a\nb");
  });
});
