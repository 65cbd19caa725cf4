/**
 * Access tokens: short-lived HS256 JWTs (jose) naming the user and the session. Verification also checks
 * that the session is still open, so logging out, a lock or a refresh-token replay ends the token at once.
 */
import { webcrypto } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
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
  /** Imported once: handing jose the raw secret makes it import a key on every call, which costs more than the MAC. */
  private key: Promise<webcrypto.CryptoKey> | undefined;

  constructor(
    private readonly secret: Uint8Array,
    private readonly sessions: SessionsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Signs an access token for an actor.
   * @param actor the user and session the token stands for.
   * @returns the token and when it expires.
   */
  async issue(actor: Actor): Promise<IssuedAccessToken> {
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
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(actor.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(await this.hmacKey());
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
    let expired = false;
    try {
      ({ payload } = await jwtVerify(token, await this.hmacKey(), {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ["exp"],
        currentDate: this.clock(),
      }));
    } catch (err) {
      // jose checks the signature before the claims, so an expired token here is authentic.
      if (!(err instanceof errors.JWTExpired))
        return { ok: false, reason: "invalid" };
      payload = err.payload;
      expired = true;
    }
    const actor = toActor(payload);
    if (!actor) return { ok: false, reason: "invalid" };
    const revokedAt = await this.sessions.revokedAt(actor.sessionId);
    if (revokedAt !== null) return { ok: false, reason: "invalid" };
    if (expired) return { ok: false, reason: "expired" };
    return { ok: true, actor, expiresAt: new Date(Number(payload.exp) * 1000) };
  }

  private hmacKey(): Promise<webcrypto.CryptoKey> {
    this.key ??= webcrypto.subtle.importKey(
      "raw",
      this.secret,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    return this.key;
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
