/** Builds the limiter and the credential-endpoint throttle over one in-memory store (one server node). */
import type { Clock } from "../../clock.js";
import { systemClock } from "../../clock.js";
import { AuthThrottle } from "./auth-throttle.js";
import { MemoryRateLimitStore } from "./memory-store.js";
import { RateLimiter } from "./rate-limiter.js";
import type { ThrottleLimits } from "./throttle-config.js";

/**
 * Creates the throttling parts.
 * @param limits the configured limits.
 * @param clock the clock windows are measured on (tests move it forward).
 * @returns the limiter and the auth throttle sharing it.
 */
export function createThrottling(
  limits: ThrottleLimits,
  clock: Clock = systemClock,
) {
  const now = () => clock().getTime();
  const limiter = new RateLimiter(new MemoryRateLimitStore(now), now);
  return { limiter, auth: new AuthThrottle(limiter, limits) };
}
