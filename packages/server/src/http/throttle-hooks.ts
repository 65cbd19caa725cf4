/**
 * Request limits outside the credential endpoints: the groupware integration API (per integration key, and per
 * address for wrong keys) and every authenticated /api/v1 call (per user). Registered after the auth hook, so the
 * per-user limit sees the caller.
 */
import { createHash } from "node:crypto";
import type { HttpApp } from "./http-app.js";
import type { RateLimiter } from "../services/throttle/rate-limiter.js";
import type { ThrottleLimits } from "../services/throttle/throttle-config.js";
import { refuseIfThrottled } from "../services/throttle/throttled-error.js";

const INTEGRATION_PREFIX = "/integration/v1/";

/**
 * Installs the hooks.
 * @param app the Fastify app (root scope, after registerAuthHook).
 * @param limiter the shared limiter.
 * @param limits the configured limits.
 */
export function registerThrottleHooks(
  app: HttpApp,
  limiter: RateLimiter,
  limits: ThrottleLimits,
): void {
  app.addHook("onRequest", async (req) => {
    if (!req.url.startsWith(INTEGRATION_PREFIX)) return;
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    // Keys are counted by digest so the store never holds a usable key.
    const key = m?.[1] && createHash("sha256").update(m[1]).digest("base64url");
    refuseIfThrottled(
      await limiter.check(limits.integrationPerAddress, `int:ip:${req.ip}`),
      key
        ? await limiter.hit(limits.integrationPerKey, `int:key:${key}`)
        : undefined,
    );
  });

  app.addHook("onResponse", async (req, reply) => {
    if (req.url.startsWith(INTEGRATION_PREFIX) && reply.statusCode === 401)
      await limiter.hit(limits.integrationPerAddress, `int:ip:${req.ip}`);
  });

  app.addHook("preHandler", async (req) => {
    if (req.actor)
      refuseIfThrottled(
        await limiter.hit(limits.apiPerUser, `api:user:${req.actor.userId}`),
      );
  });
}
