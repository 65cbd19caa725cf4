/** Turns a rule validator into a zod schema, so REST schemas enforce the same rule and report the spec's code. */

import { z } from "zod";
import type { Result } from "./result.js";

/**
 * Wraps a validator over strings as a zod schema whose output is the validator's value and whose issue message
 * is the validator's code (e.g. `MA.US.A.011`), for the server to send back unchanged.
 * @param validate - a validator such as `validateNickname`.
 * @returns a schema accepting strings the validator accepts.
 */
export function stringRuleSchema<T, C extends string>(
  validate: (input: string) => Result<T, C>,
) {
  return z.string().transform((input, ctx) => {
    const result = validate(input);
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.code });
    return z.NEVER;
  });
}
