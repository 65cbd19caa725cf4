import { describe, expect, it } from "vitest";
import { fail, ok } from "./result.js";
import { assert, AssertionError, assertNever } from "./assert.js";

describe("Result helpers", () => {
  it("ok carries the value", () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
  });

  it("fail carries the code", () => {
    expect(fail("CH.A.023")).toEqual({ ok: false, code: "CH.A.023" });
  });
});

describe("assert", () => {
  it("passes a true condition", () => {
    expect(() => {
      assert(1 + 1 === 2, "math");
    }).not.toThrow();
  });

  it("throws an AssertionError with the message for a false condition", () => {
    expect(() => {
      assert(false, "room name needed");
    }).toThrow(new AssertionError("room name needed"));
  });

  it("assertNever throws when reached with unexpected data", () => {
    expect(() => assertNever("bogus" as never)).toThrow(
      /Unexpected value: bogus/,
    );
  });
});
