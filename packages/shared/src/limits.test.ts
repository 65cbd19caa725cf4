import { describe, expect, it } from "vitest";
import {
  validateGroupName,
  validateNickname,
  validateProfileMessage,
  validateRoomTitle,
  validateUploadCount,
  validateUploadFile,
} from "./limits.js";

const hangul = (n: number): string => "가".repeat(n);

describe("validateRoomTitle", () => {
  it("rejects an empty or blank title with CH.A.023", () => {
    expect(validateRoomTitle("")).toEqual({ ok: false, code: "CH.A.023" });
    expect(validateRoomTitle("   ")).toEqual({ ok: false, code: "CH.A.023" });
  });

  it("accepts exactly 20 Hangul characters", () => {
    expect(validateRoomTitle(hangul(20))).toEqual({
      ok: true,
      value: hangul(20),
    });
  });

  it("rejects 21 characters", () => {
    expect(validateRoomTitle(hangul(21))).toEqual({
      ok: false,
      code: "chat.roomTitle.tooLong",
    });
  });

  it("counts an emoji once and trims surrounding blanks", () => {
    const title = `${"a".repeat(19)}😀`;
    expect(validateRoomTitle(`  ${title}  `)).toEqual({
      ok: true,
      value: title,
    });
  });
});

describe("validateGroupName", () => {
  it("accepts exactly 50 characters and rejects 51 with FR.GS.A.009", () => {
    expect(validateGroupName(hangul(50), [])).toEqual({
      ok: true,
      value: hangul(50),
    });
    expect(validateGroupName(hangul(51), [])).toEqual({
      ok: false,
      code: "FR.GS.A.009",
    });
  });

  it("rejects a name another group has, ignoring blanks around it, with FR.GS.A.011", () => {
    expect(validateGroupName(" 개발팀 ", ["디자인", "개발팀"])).toEqual({
      ok: false,
      code: "FR.GS.A.011",
    });
  });

  it("treats decomposed and composed Hangul as the same name", () => {
    expect(validateGroupName("개발팀".normalize("NFD"), ["개발팀"])).toEqual({
      ok: false,
      code: "FR.GS.A.011",
    });
  });

  it("rejects an empty name", () => {
    expect(validateGroupName("", [])).toEqual({
      ok: false,
      code: "friend.group.nameRequired",
    });
  });
});

describe("validateNickname", () => {
  it("accepts 21 characters and rejects 22 with MA.US.A.011", () => {
    expect(validateNickname(hangul(21))).toEqual({
      ok: true,
      value: hangul(21),
    });
    expect(validateNickname(hangul(22))).toEqual({
      ok: false,
      code: "MA.US.A.011",
    });
  });

  it("accepts an empty nickname, which clears it", () => {
    expect(validateNickname("  ")).toEqual({ ok: true, value: "" });
  });
});

describe("validateProfileMessage", () => {
  it("accepts 21 characters and rejects 22", () => {
    expect(validateProfileMessage("x".repeat(21)).ok).toBe(true);
    expect(validateProfileMessage("x".repeat(22))).toEqual({
      ok: false,
      code: "profile.message.tooLong",
    });
  });

  it("accepts an empty message", () => {
    expect(validateProfileMessage("")).toEqual({ ok: true, value: "" });
  });
});

describe("upload limits", () => {
  const file = (size: number) => ({ name: "보고서.pdf", size });
  const files = (n: number) => Array.from({ length: n }, () => file(1));

  it("accepts 10 files and rejects 11", () => {
    expect(validateUploadCount(files(10)).ok).toBe(true);
    expect(validateUploadCount(files(11))).toEqual({
      ok: false,
      code: "chat.upload.tooManyFiles",
    });
  });

  it("rejects an empty upload", () => {
    expect(validateUploadCount([])).toEqual({
      ok: false,
      code: "chat.upload.noFiles",
    });
  });

  it("accepts exactly 1 GB (1024^3 bytes) and rejects one byte more", () => {
    expect(validateUploadFile(file(1024 ** 3)).ok).toBe(true);
    expect(validateUploadFile(file(1024 ** 3 + 1))).toEqual({
      ok: false,
      code: "chat.upload.fileTooLarge",
    });
  });

  it("accepts an empty file", () => {
    expect(validateUploadFile(file(0)).ok).toBe(true);
  });
});
