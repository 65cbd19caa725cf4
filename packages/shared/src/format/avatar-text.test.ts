import { describe, expect, it } from "vitest";
import { avatarText } from "./avatar-text.js";

describe("avatarText", () => {
  it("shows a Korean name's given name", () => {
    expect(avatarText("김민수")).toBe("민수");
    expect(avatarText("남궁민수")).toBe("민수");
    expect(avatarText("김민")).toBe("김민");
  });

  it("shows the initials of the first two words of other names", () => {
    expect(avatarText("jane doe smith")).toBe("JD");
    expect(avatarText("Émile")).toBe("É");
  });

  it("keeps an emoji with its modifiers whole, and marks a blank name", () => {
    expect(avatarText("👍🏽 Team")).toBe("👍🏽T");
    expect(avatarText("  ")).toBe("?");
  });
});
