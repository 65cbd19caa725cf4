import { describe, expect, it } from "vitest";
import { findTextLinks } from "./message-links.js";

const hrefs = (text: string) => findTextLinks(text).map((l) => l.href);

describe("findTextLinks", () => {
  it("finds http, https and mailto addresses with their positions", () => {
    const text =
      "회의록 https://gw.example.com/doc?id=3 참고, 문의는 mailto:help@example.com";
    const links = findTextLinks(text);
    expect(links.map((l) => text.slice(l.start, l.end))).toEqual([
      "https://gw.example.com/doc?id=3",
      "mailto:help@example.com",
    ]);
    expect(hrefs("http://example.com")).toEqual(["http://example.com/"]);
  });

  it("leaves sentence punctuation out, but keeps a bracket the address opened", () => {
    expect(hrefs("see https://example.com/a.")).toEqual([
      "https://example.com/a",
    ]);
    expect(hrefs("(https://example.com/a)")).toEqual(["https://example.com/a"]);
    expect(hrefs("https://en.wikipedia.org/wiki/Foo_(bar)")).toEqual([
      "https://en.wikipedia.org/wiki/Foo_(bar)",
    ]);
  });

  it("never links other schemes or addresses without a host", () => {
    for (const text of [
      "javascript:alert(1)",
      "JavaScript:alert('x')",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "vbscript:msgbox",
      "//evil.example.com",
      "https://",
      "mailto:",
      "xhttps://example.com",
    ])
      expect(hrefs(text), text).toEqual([]);
  });

  it("links only the web address inside a script address, never the script", () => {
    expect(hrefs("javascript:https://x")).toEqual(["https://x/"]);
  });
});
