import { describe, expect, it } from "vitest";
import {
  isWebhardFileListed,
  limitWebhardSelection,
  validateWebhardLogin,
  validateWebhardSend,
  webhardTableLayout,
} from "./webhard.js";

const files = (n: number) => Array.from({ length: n }, (_, i) => `file${i}`);

describe("limitWebhardSelection", () => {
  it("keeps exactly 20 files without an alert", () => {
    expect(limitWebhardSelection(files(20))).toEqual({
      files: files(20),
      code: null,
    });
  });

  it("cuts 21 files to the first 20 with WH.A.023", () => {
    expect(limitWebhardSelection(files(21))).toEqual({
      files: files(20),
      code: "WH.A.023",
    });
  });

  it("keeps an empty selection empty", () => {
    expect(limitWebhardSelection([])).toEqual({ files: [], code: null });
  });
});

describe("validateWebhardSend", () => {
  it("needs a selection (WH.A.017) and at most 20 files (WH.A.023)", () => {
    expect(validateWebhardSend([])).toEqual({ ok: false, code: "WH.A.017" });
    expect(validateWebhardSend(files(20)).ok).toBe(true);
    expect(validateWebhardSend(files(21))).toEqual({
      ok: false,
      code: "WH.A.023",
    });
  });
});

describe("validateWebhardLogin", () => {
  it("needs an ID (WH.A.007), then a password (WH.A.008)", () => {
    expect(validateWebhardLogin({ id: " ", password: "" })).toEqual({
      ok: false,
      code: "WH.A.007",
    });
    expect(validateWebhardLogin({ id: "hong", password: "" })).toEqual({
      ok: false,
      code: "WH.A.008",
    });
    expect(validateWebhardLogin({ id: " 홍길동 ", password: "pw" })).toEqual({
      ok: true,
      value: { id: "홍길동", password: "pw" },
    });
  });
});

describe("isWebhardFileListed", () => {
  it("lists only files with roleDownload 0", () => {
    expect(isWebhardFileListed({ roleDownload: 0 })).toBe(true);
    expect(isWebhardFileListed({ roleDownload: "0" })).toBe(true);
    expect(isWebhardFileListed({ roleDownload: 1 })).toBe(false);
  });
});

describe("webhardTableLayout", () => {
  it("subtracts 700 from the width and 160 from the height", () => {
    expect(webhardTableLayout({ width: 1200, height: 550 })).toEqual({
      nameColumnWidth: 500,
      tableHeight: 390,
    });
  });

  it("never goes negative in a small window", () => {
    expect(webhardTableLayout({ width: 400, height: 100 })).toEqual({
      nameColumnWidth: 0,
      tableHeight: 0,
    });
  });
});
