/** Who is calling: the authenticated user every service receives first (HTTP and XMPP alike). */

/** An authenticated user, derived from a verified access token. */
export type Actor = {
  userId: number;
  companyId: number;
  /** Groupware login id, e.g. `kim.minsu`. */
  loginId: string;
  /** Company domain, e.g. `demo.moa.test`. */
  domain: string;
  /** Bare chat JID `{loginId}.{domain}@{xmppDomain}` (spec §7.1). */
  jid: string;
  /** Id of the session (login) the token belongs to; revoking it invalidates the token. */
  sessionId: string;
  freeUser: boolean;
};

/** Verifies access tokens; shared by the HTTP auth hook and XMPP SASL. */
export interface AccessTokenVerifier {
  /**
   * Verifies a token.
   * @param token the bearer access token.
   * @returns the actor and when the token expires (a chat session authenticated with it ends then unless renewed),
   *   or a reason why not: `expired` (client should refresh) or `invalid` (revoked, forged, malformed).
   */
  verify(token: string): Promise<VerifiedToken>;
}

/** The outcome of verifying an access token. */
export type VerifiedToken =
  | { ok: true; actor: Actor; expiresAt: Date }
  | { ok: false; reason: "expired" | "invalid" };
