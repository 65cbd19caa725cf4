/** Reads who is calling from request headers: address, X-Requested-With and the locale header (spec §7). */
import { LOCALE_HEADER, REQUESTED_WITH_HEADER } from "@moa/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.js";
import type { ClientContext } from "../services/auth/session.service.js";

/**
 * The locale of a request: the locale header, else Accept-Language, else ko-kr (spec default).
 * @returns ko-kr or en-us.
 */
export function requestLocale(req: FastifyRequest): "ko-kr" | "en-us" {
  const header = req.headers[LOCALE_HEADER];
  const raw = (
    typeof header === "string" ? header : (req.headers["accept-language"] ?? "")
  ).toLowerCase();
  return raw.startsWith("en") ? "en-us" : "ko-kr";
}

/**
 * The calling client, for sessions and the audit log.
 * @returns address, client name (X-Requested-With) and locale.
 */
export function clientContext(req: FastifyRequest): ClientContext {
  const requestedWith = req.headers[REQUESTED_WITH_HEADER.toLowerCase()];
  return {
    ip: req.ip,
    client: (typeof requestedWith === "string" ? requestedWith : "").slice(
      0,
      100,
    ),
    locale: requestLocale(req),
  };
}

/**
 * Refuses a state-changing pre-login call without X-Requested-With: a cross-site form cannot set that
 * header, so this stops login CSRF without cookies or tokens.
 * @throws AppError requested_with_required (HTTP 403).
 */
export function requireRequestedWith(req: FastifyRequest): void {
  const value = req.headers[REQUESTED_WITH_HEADER.toLowerCase()];
  if (typeof value !== "string" || value === "")
    throw new AppError(
      "requested_with_required",
      403,
      "X-Requested-With header missing",
    );
}
