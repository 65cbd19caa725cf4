/**
 * Business-rule refusals of the workplace API. They answer HTTP 200 with ErrorCode "01" and the spec's code as
 * ErrorMsg (spec §8): the client shows that message, whereas any non-2xx status sends it down its fatal
 * "server error, the app quits" path. Access-control failures stay 403/404.
 */
import { AppError } from "../errors.js";

/**
 * A refusal the user can act on.
 * @param code the spec's message code (an i18n key), e.g. `PU.A.012`, `1105`.
 * @param details extra data the client needs (e.g. duplicate names).
 * @returns the error to throw.
 */
export const refusal = (code: string, details?: unknown) =>
  new AppError(
    code,
    200,
    code,
    details === undefined ? { expose: true } : { expose: true, details },
  );
