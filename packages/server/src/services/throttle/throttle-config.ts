/**
 * The THROTTLE_* configuration variables (docs/auth.md "Throttling"). config.ts merges this shape into its
 * schema, so the variables are parsed and documented with the others. Windows are fixed; only counts are set.
 */
import { z } from "zod";
import type { RateLimitRule } from "./rate-limiter.js";

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;

const count = (fallback: number, description: string) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(fallback)
    .describe(description);

export const throttleEnvShape = {
  THROTTLE_LOGIN_PER_ADDRESS: count(
    30,
    "Wrong logins per client address per 15 minutes (not counting accounts that address has logged in to) before 429.",
  ),
  THROTTLE_LOGIN_PER_ACCOUNT: count(
    10,
    "Wrong logins per account per 15 minutes from addresses it never logged in from before 429 for such addresses.",
  ),
  THROTTLE_REFRESH_PER_ADDRESS: count(
    30,
    "Refused token refreshes per client address per 15 minutes before 429.",
  ),
  THROTTLE_REFRESH_PER_ACCOUNT: count(
    60,
    "Token refreshes per user per 15 minutes before 429.",
  ),
  THROTTLE_LOCK_VERIFY_PER_ADDRESS: count(
    30,
    "Wrong lock-screen passwords per client address per 15 minutes before 429.",
  ),
  THROTTLE_LOCK_VERIFY_PER_ACCOUNT: count(
    20,
    "Lock-screen password checks per user per 15 minutes before 429.",
  ),
  THROTTLE_INTEGRATION_PER_KEY: count(
    1200,
    "Groupware integration API requests per integration key per minute before 429.",
  ),
  THROTTLE_INTEGRATION_PER_ADDRESS: count(
    20,
    "Integration API requests with a wrong key per client address per 15 minutes before 429.",
  ),
  THROTTLE_API_PER_USER: count(
    600,
    "Authenticated /api/v1 requests per user per minute before 429.",
  ),
};

type ThrottleEnv = {
  [K in keyof typeof throttleEnvShape]: z.infer<(typeof throttleEnvShape)[K]>;
};

/** Every limit the server enforces. */
export type ThrottleLimits = Readonly<{
  loginPerAddress: RateLimitRule;
  loginPerAccount: RateLimitRule;
  refreshPerAddress: RateLimitRule;
  refreshPerAccount: RateLimitRule;
  lockVerifyPerAddress: RateLimitRule;
  lockVerifyPerAccount: RateLimitRule;
  integrationPerKey: RateLimitRule;
  integrationPerAddress: RateLimitRule;
  apiPerUser: RateLimitRule;
}>;

/**
 * Turns the parsed variables into rules.
 * @param e the parsed environment.
 * @returns the limits.
 */
export function throttleLimits(e: ThrottleEnv): ThrottleLimits {
  const per = (limit: number, windowMs: number) => ({ limit, windowMs });
  return Object.freeze({
    loginPerAddress: per(e.THROTTLE_LOGIN_PER_ADDRESS, QUARTER_HOUR),
    loginPerAccount: per(e.THROTTLE_LOGIN_PER_ACCOUNT, QUARTER_HOUR),
    refreshPerAddress: per(e.THROTTLE_REFRESH_PER_ADDRESS, QUARTER_HOUR),
    refreshPerAccount: per(e.THROTTLE_REFRESH_PER_ACCOUNT, QUARTER_HOUR),
    lockVerifyPerAddress: per(e.THROTTLE_LOCK_VERIFY_PER_ADDRESS, QUARTER_HOUR),
    lockVerifyPerAccount: per(e.THROTTLE_LOCK_VERIFY_PER_ACCOUNT, QUARTER_HOUR),
    integrationPerKey: per(e.THROTTLE_INTEGRATION_PER_KEY, MINUTE),
    integrationPerAddress: per(
      e.THROTTLE_INTEGRATION_PER_ADDRESS,
      QUARTER_HOUR,
    ),
    apiPerUser: per(e.THROTTLE_API_PER_USER, MINUTE),
  });
}
