/**
 * Tells every server node about login sessions that ended or were renewed, so each adjusts its own live chat
 * connections of them. The database is changed by the caller first (tokens stop working); these events only make
 * already-open XMPP streams notice at once instead of at their token's expiry.
 */
import { userTopic, type ChatBus } from "../../bus/bus.js";

/** Bus event kind of ended login sessions, on the user's topic. */
export const SESSION_REVOKED = "session.revoked";
/** Bus event kind of a login session's new access token (refresh), on the user's topic. */
export const SESSION_RENEWED = "session.renewed";

/** Why sessions ended; logged by the chat engine, all answered with not-authorized. */
export type RevocationReason =
  | "logout"
  | "account_locked"
  | "password_changed"
  | "deactivated"
  | "refresh_token_replay"
  | "app_password_revoked";

export class SessionEvents {
  constructor(private readonly bus: ChatBus) {}

  /**
   * One login session ended (logout, refresh-token replay): only connections authenticated with its tokens close.
   * @param userId the session's user.
   * @param sessionId the login session.
   * @param reason why.
   */
  revokedSession(
    userId: number,
    sessionId: string,
    reason: RevocationReason,
  ): void {
    this.bus.publish(userTopic(userId), {
      kind: SESSION_REVOKED,
      sessionId,
      reason,
    });
  }

  /**
   * Every session of a user ended (lock, password change, deactivation).
   * @param userId the user.
   * @param reason why.
   */
  revokedUser(userId: number, reason: RevocationReason): void {
    this.bus.publish(userTopic(userId), { kind: SESSION_REVOKED, reason });
  }

  /**
   * A login session got a new access token over HTTP: its chat connections live until that token's expiry.
   * @param userId the session's user.
   * @param sessionId the login session.
   * @param expiresAt the new token's expiry.
   */
  renewed(userId: number, sessionId: string, expiresAt: Date): void {
    this.bus.publish(userTopic(userId), {
      kind: SESSION_RENEWED,
      sessionId,
      expiresAt: expiresAt.getTime(),
    });
  }
}
