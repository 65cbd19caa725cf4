/** Application errors with stable snake_case codes; each protocol maps them to its own shape (HTTP: the ErrorCode envelope). */

export type AppErrorOptions = {
  /** Whether `message` may be shown to the client; codes are always shown. */
  expose?: boolean;
  details?: unknown;
  cause?: unknown;
};

/** An error a caller caused or may handle; `status` is the HTTP status to answer with. */
export class AppError extends Error {
  readonly expose: boolean;
  readonly details: unknown;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(
      message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = "AppError";
    this.expose = options.expose ?? status < 500;
    this.details = options.details;
  }
}

/**
 * Input failed validation at a trust edge.
 * @param details what was wrong, per field.
 * @returns the error to throw.
 */
export const invalidInput = (details: unknown) =>
  new AppError("invalid_input", 400, "invalid input", { details });

/**
 * The caller may not do this.
 * @param message why, for logs.
 * @returns the error to throw.
 */
export const forbidden = (message = "forbidden") =>
  new AppError("forbidden", 403, message);

/**
 * The thing asked for does not exist (or the caller may not know it does).
 * @param what the code, e.g. `user_not_found`.
 * @returns the error to throw.
 */
export const notFound = (what = "not_found") => new AppError(what, 404, what);
