/**
 * Access tokens: short-lived HS256 JWTs naming the user and the session. Verification also checks that the session
 * is still open, so logging out, a lock or a refresh-token replay ends the token at once.
 *
 * fast-jwt computes the MAC synchronously with node:crypto. Every XMPP login verifies its token twice (SASL and bind);
 * WebCrypto's HMAC, which jose uses, went through a promise job per call and cost about a third of a millisecond of
 * the event loop each time (in a profile of 1,000 logins, a sixth of the connect phase).
 */
import { createSigner, createVerifier } from "fast-jwt";
import type { Clock } from "../../clock.js";
import type { SessionsRepository } from "../../db/repositories/sessions.repository.js";
import type { AccessTokenVerifier, Actor, VerifiedToken } from "./actor.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "./auth-policy.js";

const ISSUER = "moa";
const AUDIENCE = "moa-api";

type Claims = {
  cid: number;
  lid: string;
  dom: string;
  jid: string;
  sid: string;
  free: boolean;
};

export type IssuedAccessToken = { token: string; expiresAt: Date };

export class AccessTokenService implements AccessTokenVerifier {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly decode: (token: string) => Record<string, unknown>;

  constructor(
    secret: Uint8Array,
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {
    const key = Buffer.from(secret);
    // The claims carry their own times: the service's clock, not the library's, decides them.
    this.sign = createSigner({ key, algorithm: "HS256" });
    // Signature, algorithm, issuer and audience here; the lifetime below, against the service's clock.
    this.decode = createVerifier({
      key,
      algorithms: ["HS256"],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ["exp"],
      ignoreExpiration: true,
      ignoreNotBefore: true,
    });
  }

  /**
   * Signs an access token for an actor.
   * @param actor the user and session the token stands for.
   * @returns the token and when it expires.
   */
  issue(actor: Actor): IssuedAccessToken {
    const now = Math.floor(this.clock().getTime() / 1000);
    const exp = now + ACCESS_TOKEN_TTL_SECONDS;
    const claims: Claims = {
      cid: actor.companyId,
      lid: actor.loginId,
      dom: actor.domain,
      jid: actor.jid,
      sid: actor.sessionId,
      free: actor.freeUser,
    };
    const token = this.sign({
      ...claims,
      sub: String(actor.userId),
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now,
      exp,
    });
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /**
   * Verifies a token's signature, lifetime and session.
   * @param token the bearer token.
   * @returns the actor and the token's expiry; `expired` for an authentic token past its lifetime on an open
   *   session; `invalid` otherwise.
   */
  async verify(token: string): Promise<VerifiedToken> {
    let payload: Record<string, unknown>;
    try {
      payload = this.decode(token);
    } catch {
      return { ok: false, reason: "invalid" };
    }
    const actor = toActor(payload);
    if (!actor || typeof payload.exp !== "number")
      return { ok: false, reason: "invalid" };
    // Expired once its second has come, as RFC 7519 §4.1.4 words it ("on or after").
    const expired = payload.exp <= Math.floor(this.clock().getTime() / 1000);
    const revokedAt = await this.sessions.revokedAt(actor.sessionId);
    if (revokedAt !== null) return { ok: false, reason: "invalid" };
    if (expired) return { ok: false, reason: "expired" };
    return { ok: true, actor, expiresAt: new Date(payload.exp * 1000) };
  }
}

function toActor(p: Record<string, unknown>): Actor | undefined {
  const userId = Number(p.sub);
  if (
    !Number.isSafeInteger(userId) ||
    typeof p.cid !== "number" ||
    typeof p.lid !== "string" ||
    typeof p.dom !== "string" ||
    typeof p.jid !== "string" ||
    typeof p.sid !== "string" ||
    typeof p.free !== "boolean"
  )
    return undefined;
  return {
    userId,
    companyId: p.cid,
    loginId: p.lid,
    domain: p.dom,
    jid: p.jid,
    sessionId: p.sid,
    freeUser: p.free,
  };
}
