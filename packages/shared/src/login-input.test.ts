import { describe, expect, it } from "vitest";
import {
  handshakeEmail,
  normalizeDomain,
  validateLoginInput,
} from "./login-input.js";

describe("validateLoginInput", () => {
  it("accepts an ID and password", () => {
    expect(validateLoginInput({ id: " hong ", password: " pw " })).toEqual({
      ok: true,
      value: { id: "hong", password: " pw ", notice: null },
    });
  });

  it("asks for the ID first when both are empty", () => {
    expect(validateLoginInput({ id: "", password: "" })).toEqual({
      ok: false,
      code: "login.validation.idRequired",
    });
    expect(validateLoginInput({ id: "   ", password: "x" })).toEqual({
      ok: false,
      code: "login.validation.idRequired",
    });
  });

  it("asks for the password when it is empty", () => {
    expect(validateLoginInput({ id: "hong", password: "" })).toEqual({
      ok: false,
      code: "login.validation.passwordRequired",
    });
  });

  it("keeps only the part before @ and tells the user", () => {
    expect(
      validateLoginInput({ id: "hong@corp.example.com", password: "pw" }),
    ).toEqual({
      ok: true,
      value: {
        id: "hong",
        password: "pw",
        notice: "login.validation.idWithoutDomain",
      },
    });
  });

  it("rejects an ID that is only a domain", () => {
    expect(
      validateLoginInput({ id: "@corp.example.com", password: "pw" }),
    ).toEqual({
      ok: false,
      code: "login.validation.idRequired",
    });
  });

  it("accepts a Hangul ID", () => {
    expect(validateLoginInput({ id: "홍길동@회사", password: "비밀" }).ok).toBe(
      true,
    );
  });
});

describe("normalizeDomain", () => {
  it("strips http:// or https:// in any case and trailing slashes", () => {
    expect(normalizeDomain("https://corp.example.com/")).toEqual({
      ok: true,
      value: "corp.example.com",
    });
    expect(normalizeDomain("HTTP://Corp.Example.com//")).toEqual({
      ok: true,
      value: "corp.example.com",
    });
    expect(normalizeDomain("  corp.example.com ")).toEqual({
      ok: true,
      value: "corp.example.com",
    });
  });

  it("rejects an empty domain, also when only a scheme was typed", () => {
    expect(normalizeDomain("")).toEqual({
      ok: false,
      code: "login.validation.domainRequired",
    });
    expect(normalizeDomain("https://")).toEqual({
      ok: false,
      code: "login.validation.domainRequired",
    });
    expect(normalizeDomain(" / ")).toEqual({
      ok: false,
      code: "login.validation.domainRequired",
    });
  });

  it("keeps a Hangul domain", () => {
    expect(normalizeDomain("https://회사.kr/")).toEqual({
      ok: true,
      value: "회사.kr",
    });
  });
});

describe("handshakeEmail", () => {
  it("joins ID and domain", () => {
    expect(handshakeEmail("hong", "corp.example.com")).toBe(
      "hong@corp.example.com",
    );
  });
});
