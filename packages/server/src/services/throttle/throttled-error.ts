/** The error every limit throws: HTTP 429, ErrorMsg too_many_requests, and how long to wait (Retry-After). */
import {
  TOO_MANY_REQUESTS_MESSAGE,
  TOO_MANY_REQUESTS_STATUS,
} from "@moa/shared";
import { AppError } from "../../errors.js";
import type { Throttled } from "./rate-limiter.js";

export class ThrottledError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(throttled: Throttled) {
    super(
      TOO_MANY_REQUESTS_MESSAGE,
      TOO_MANY_REQUESTS_STATUS,
      "rate limit reached",
    );
    this.retryAfterSeconds = throttled.retryAfterSeconds;
  }
}

/**
 * Throws when a limit was reached.
 * @param throttled the limiter's answers; the longest wait wins.
 * @throws ThrottledError when any answer is a wait.
 */
export function refuseIfThrottled(
  ...throttled: (Throttled | undefined)[]
): void {
  const waits = throttled.filter((t) => t !== undefined);
  if (waits.length)
    throw new ThrottledError({
      retryAfterSeconds: Math.max(...waits.map((t) => t.retryAfterSeconds)),
    });
}
