import { describe, expect, it } from "vitest";
import { stringRuleSchema } from "./validator-schema.js";
import { validateNickname, validateRoomTitle } from "./limits.js";

describe("stringRuleSchema", () => {
  it("outputs the validator's cleaned value", () => {
    expect(stringRuleSchema(validateRoomTitle).parse("  회의실  ")).toBe(
      "회의실",
    );
  });

  it("reports the validator's code as the issue message", () => {
    const result = stringRuleSchema(validateNickname).safeParse(
      "가".repeat(22),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "MA.US.A.011",
    ]);
  });

  it("rejects non-strings", () => {
    expect(stringRuleSchema(validateNickname).safeParse(42).success).toBe(
      false,
    );
  });
});
