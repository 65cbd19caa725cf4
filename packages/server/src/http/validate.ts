/** Validation of untrusted HTTP input with the shared zod schemas; failures become invalid_input (HTTP 400). */
import type { z } from "zod";
import { invalidInput } from "../errors.js";

/**
 * Parses input with a schema.
 * @param schema the shared request schema.
 * @param value the body or query.
 * @returns the parsed value.
 * @throws AppError invalid_input listing each bad field.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success)
    throw invalidInput(
      parsed.error.issues.map((i) => ({
        path: i.path.join("."),
        message: i.message,
      })),
    );
  return parsed.data;
}
