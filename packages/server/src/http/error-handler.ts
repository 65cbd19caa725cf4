/** Maps thrown errors to ErrorCode envelopes; unknown errors are logged and answered as internal_error without detail. */
import type { FastifyError } from "fastify";
import type { HttpApp } from "./http-app.js";
import { AppError } from "../errors.js";
import { failBody } from "./envelope.js";
import { ThrottledError } from "../services/throttle/throttled-error.js";

/**
 * Installs the error handler on the app.
 * @param app the Fastify app.
 */
export function registerErrorHandler(app: HttpApp): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof ThrottledError)
      void reply.header("retry-after", String(err.retryAfterSeconds));
    if (err instanceof AppError) {
      const body: Record<string, unknown> = failBody("01", err.code);
      if (err.expose && err.details !== undefined) body.details = err.details;
      return reply.code(err.status).send(body);
    }
    const status =
      "statusCode" in err && typeof err.statusCode === "number"
        ? err.statusCode
        : 500;
    if (status >= 400 && status < 500)
      return reply.code(status).send(failBody("01", "invalid_input"));
    req.log.error({ err, reqId: req.id }, "request failed");
    return reply.code(500).send(failBody("01", "internal_error"));
  });
}
