/**
 * Builds the limiter and the credential-endpoint throttle over one store: in memory for one node, in Redis when
 * several nodes must count together.
 */
import type { Clock } from "../../clock.js";
import { systemClock } from "../../clock.js";
import { AuthThrottle } from "./auth-throttle.js";
import { MemoryRateLimitStore } from "./memory-store.js";
import { RateLimiter, type RateLimitStore } from "./rate-limiter.js";
import type { ThrottleLimits } from "./throttle-config.js";

/**
 * Creates the throttling parts.
 * @param limits the configured limits.
 * @param clock the clock windows are measured on (tests move it forward).
 * @param shared the store shared by every node (Redis), when there are several.
 * @returns the limiter and the auth throttle sharing it.
 */
export function createThrottling(
  limits: ThrottleLimits,
  clock: Clock = systemClock,
  shared?: RateLimitStore,
) {
  const now = () => clock().getTime();
  const limiter = new RateLimiter(shared ?? new MemoryRateLimitStore(now), now);
  return { limiter, auth: new AuthThrottle(limiter, limits) };
}
