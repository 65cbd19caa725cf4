import { describe, expect, it } from "vitest";
import { fileExtensionOf, fileKindOf } from "./file-kind.js";

describe("fileKindOf", () => {
  it.each([
    ["매출.xlsx", "xls"],
    ["data.csv", "xls"],
    ["사진.JPG", "img"],
    ["capture.png", "img"],
    ["발표.pptx", "ppt"],
    ["계약서.docx", "doc"],
    ["메모.txt", "txt"],
    ["manual.pdf", "pdf"],
    ["backup.tar.gz", "zip"],
    ["자료.7z", "zip"],
    ["기안서.hwp", "hwp"],
    ["기안서.HWPX", "hwp"],
    ["setup.exe", "other"],
  ])("%s is %s", (name, kind) => {
    expect(fileKindOf(name)).toBe(kind);
  });

  it("treats names without an extension as other", () => {
    expect(fileKindOf("README")).toBe("other");
    expect(fileKindOf(".png")).toBe("other");
    expect(fileKindOf("trailing.")).toBe("other");
  });
});

describe("fileExtensionOf", () => {
  it("takes the part after the last dot, lower-cased", () => {
    expect(fileExtensionOf("a.b.C")).toBe("c");
    expect(fileExtensionOf("no-dot")).toBe("");
    expect(fileExtensionOf(".profile")).toBe("");
  });
});
