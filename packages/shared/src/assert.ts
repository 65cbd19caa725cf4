/** Invariant checks for programmer bugs (STYLE.md §8). Never use them on user input: validate that with a Result. */

/** Thrown when an invariant does not hold; always a bug in the calling code. */
export class AssertionError extends Error {
  /**
   * @param message - what invariant was broken.
   */
  constructor(message: string) {
    super(message);
    this.name = "AssertionError";
  }
}

/**
 * Narrows `condition` to true or throws.
 * @param condition - the invariant.
 * @param message - what was expected, for the bug report.
 * @returns nothing; narrows the condition's type.
 * @throws {AssertionError} when the condition is false.
 */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/**
 * Marks a branch the type system proves unreachable (exhaustive switch).
 * @param value - the value that should have type `never`.
 * @returns never.
 * @throws {AssertionError} always, if reached at run time with unexpected data.
 */
export function assertNever(value: never): never {
  throw new AssertionError(`Unexpected value: ${String(value)}`);
}
