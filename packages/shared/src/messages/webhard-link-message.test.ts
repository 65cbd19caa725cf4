import { describe, expect, it } from "vitest";
import {
  parseWebhardLinkExtension,
  webhardLinkDownloadPath,
  webhardLinkExtensionJson,
  webhardLinkRequestJson,
} from "./webhard-link-message.js";

const TOKEN = "AbCdEfGh_123-4567890xyz";

describe("webhard link messages", () => {
  it("reads back what the server stores, and only that shape", () => {
    const json = webhardLinkExtensionJson({
      fileName: "회의록.docx",
      size: 1536,
      token: TOKEN,
    });
    expect(parseWebhardLinkExtension(json)).toEqual({
      fileName: "회의록.docx",
      fileSize: "1.50 KB",
      fileSizeOrg: 1536,
      webhardLink: TOKEN,
    });
    // The sender's request names only the token: not yet a link to show.
    expect(parseWebhardLinkExtension(webhardLinkRequestJson(TOKEN))).toBeNull();
    expect(parseWebhardLinkExtension("not json")).toBeNull();
    expect(
      parseWebhardLinkExtension(
        JSON.stringify({
          contentType: "FILE",
          fileName: "a",
          fileSize: "1 B",
          fileSizeOrg: 1,
          webhardLink: "https://evil.example/x",
        }),
      ),
    ).toBeNull();
  });

  it("builds the download path on this server from a token only", () => {
    expect(webhardLinkDownloadPath(TOKEN)).toBe(
      `/external/webhard/v1/download/${TOKEN}`,
    );
    expect(() => webhardLinkDownloadPath("../../api/v1/secret")).toThrow();
    expect(() =>
      webhardLinkDownloadPath("//evil.example/xxxxxxxxxxxxxxxx"),
    ).toThrow();
  });
});
