import { describe, expect, it } from "vitest";
import {
  chatFileDownloadPath,
  chatThumbnailPath,
  fileExtensionJson,
  isChatFileExpired,
  parseFileExtension,
  pastedImageFileName,
  type ChatFileData,
} from "./file-message.js";

const file: ChatFileData = {
  fileName: "회의록 (최종).hwp",
  fileSize: "1.50 MB",
  fileSizeOrg: 1_572_864,
  fileno: 42,
  fileDownUrl: "https://moa.test/fileupload/Common/download.on21",
  thumbUrl: "",
};

describe("FILE extension", () => {
  it("round-trips the uploaded file record with contentType FILE first", () => {
    const json = fileExtensionJson(file);
    expect(json.startsWith('{"contentType":"FILE"')).toBe(true);
    expect(parseFileExtension(json)).toEqual(file);
  });

  it("leaves out anything but the file record", () => {
    const json = fileExtensionJson({ ...file, extra: "x" } as ChatFileData);
    expect(JSON.parse(json)).not.toHaveProperty("extra");
  });

  it("refuses other content types, missing fields and broken JSON", () => {
    expect(parseFileExtension('{"contentType":"TALK"}')).toBeNull();
    expect(
      parseFileExtension(
        JSON.stringify({ contentType: "FILE", fileName: "a" }),
      ),
    ).toBeNull();
    expect(parseFileExtension("{")).toBeNull();
    expect(parseFileExtension(undefined)).toBeNull();
  });
});

describe("chatFileDownloadPath", () => {
  it("is a path on this server with ID (web-chat prefix), roomname, fileno and client=pc, encoded", () => {
    expect(
      chatFileDownloadPath({
        loginId: "minsu.kim",
        roomName: "pc_kim 1&x",
        fileno: 42,
      }),
    ).toBe(
      "/fileupload/Common/download.on21?ID=webchat_minsu.kim&roomname=pc_kim%201%26x&fileno=42&client=pc",
    );
  });
});

describe("chatThumbnailPath", () => {
  it("is a path on this server with the encoded room name and file number", () => {
    expect(chatThumbnailPath("pc_kim 1&x", 42)).toBe(
      "/fileupload/Common/thumbnail.on21?roomname=pc_kim%201%26x&fileno=42",
    );
  });
});

describe("isChatFileExpired", () => {
  const sent = Date.UTC(2025, 2, 10, 9, 0, 0);
  it("keeps a file for 7 days", () => {
    expect(isChatFileExpired(sent, sent + 7 * 86_400_000 - 1)).toBe(false);
    expect(isChatFileExpired(sent, sent + 7 * 86_400_000)).toBe(true);
  });
});

describe("pastedImageFileName", () => {
  it("names the image by the local paste time", () => {
    expect(pastedImageFileName(Date.UTC(2025, 2, 10, 14, 30, 5), 540)).toBe(
      "image_20250310233005.png",
    );
  });
});
