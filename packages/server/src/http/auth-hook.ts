/**
 * Authentication for every `/api/v1/**` route (and any route with `config: { auth: true }`), except those marked
 * `config: { public: true }`. An expired access token answers HTTP 200 with ErrorCode 01 / ErrorMsg ExpiredJwt,
 * which the client's interceptor refreshes and replays (spec §7.1); a missing, forged or revoked token answers 401.
 */
import type { FastifyRequest } from "fastify";
import type { HttpApp } from "./http-app.js";
import type { AccessTokenVerifier, Actor } from "../services/auth/actor.js";
import { failBody } from "./envelope.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Reachable without an access token (pre-login calls). */
    public?: boolean;
    /** Needs an access token although outside /api/v1/. */
    auth?: boolean;
  }
  interface FastifyRequest {
    /** The authenticated caller; set on authenticated routes only (read it with requireActor). */
    actor: Actor | undefined;
  }
}

/** ErrorMsg of the expired-token answer; the interceptor matches it literally. */
export const EXPIRED_JWT = "ExpiredJwt";

const API_PREFIX = "/api/v1/";

const bearer = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  const m = h ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m?.[1];
};

/**
 * Installs the hook.
 * @param app the Fastify app (root scope, so it covers every route registered later).
 * @param verifier the access-token verifier.
 */
export function registerAuthHook(
  app: HttpApp,
  verifier: AccessTokenVerifier,
): void {
  app.decorateRequest("actor", undefined);
  app.addHook("preHandler", async (req, reply) => {
    const config = req.routeOptions.config;
    const url = req.routeOptions.url ?? "";
    const needsAuth =
      config.auth === true ||
      (url.startsWith(API_PREFIX) && config.public !== true);
    if (!needsAuth) return;
    const token = bearer(req);
    if (!token) return reply.code(401).send(failBody("01", "unauthorized"));
    const result = await verifier.verify(token);
    if (result.ok) {
      req.actor = result.actor;
      return;
    }
    if (result.reason === "expired")
      return reply.code(200).send(failBody("01", EXPIRED_JWT));
    return reply.code(401).send(failBody("01", "unauthorized"));
  });
}

/**
 * The caller of an authenticated route.
 * @returns the actor.
 * @throws Error when called on a route the hook does not cover (a programming error).
 */
export function requireActor(req: FastifyRequest): Actor {
  if (!req.actor)
    throw new Error(
      `route ${req.routeOptions.url ?? "?"} is not authenticated`,
    );
  return req.actor;
}
