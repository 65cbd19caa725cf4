import { describe, expect, it } from "vitest";
import { trimLastMessage, trimNickname } from "./trim.js";

describe("trimLastMessage", () => {
  it("keeps 15 characters and cuts 16", () => {
    expect(trimLastMessage("가".repeat(15))).toBe("가".repeat(15));
    expect(trimLastMessage("가".repeat(16))).toBe(`${"가".repeat(15)}...`);
  });

  it("shows a multi-line message on one line and keeps empty text empty", () => {
    expect(trimLastMessage("점심\n뭐 먹지")).toBe("점심 뭐 먹지");
    expect(trimLastMessage("")).toBe("");
  });
});

describe("trimNickname", () => {
  it("keeps 8 characters and cuts 9", () => {
    expect(trimNickname("닉네임닉네임닉네")).toBe("닉네임닉네임닉네");
    expect(trimNickname("닉네임닉네임닉네임")).toBe("닉네임닉네임닉네...");
  });

  it("keeps an empty nickname empty", () => {
    expect(trimNickname("")).toBe("");
  });
});
