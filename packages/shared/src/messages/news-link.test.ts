import { describe, expect, it } from "vitest";
import { newsLinkHref, newsLinkSchema } from "./news-link.js";

describe("newsLinkHref", () => {
  it.each([
    [
      "https://gw.example.com/approval/view?id=31",
      "https://gw.example.com/approval/view?id=31",
    ],
    ["http://gw.example.com/board/2#top", "http://gw.example.com/board/2#top"],
    ["HTTPS://GW.example.com", "HTTPS://GW.example.com"],
  ])("keeps the web address %s as posted", (link, href) => {
    expect(newsLinkHref(link)).toBe(href);
  });

  it.each([
    "",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://gw.example.com/a",
    "mailto:a@example.com",
    "/mail/1",
    "mail/1",
    "approval",
    "//evil.example.com/x",
    "https:evil.example.com",
    "https:/evil.example.com",
    "https:\\\\evil.example.com",
    "https://",
    " https://gw.example.com/",
    "https://gw.example.com/\n",
    "java\tscript:alert(1)",
    "https://gw.exa mple.com/",
  ])("refuses %j", (link) => {
    expect(newsLinkHref(link)).toBeNull();
  });
});

describe("newsLinkSchema", () => {
  it("takes an empty or missing link as no link", () => {
    expect(newsLinkSchema.parse(undefined)).toBe("");
    expect(newsLinkSchema.parse("")).toBe("");
  });

  it("refuses a link that is not an absolute web address", () => {
    expect(newsLinkSchema.safeParse("javascript:alert(1)").success).toBe(false);
  });
});
