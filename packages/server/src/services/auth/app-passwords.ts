/**
 * App passwords: secrets a user creates for a standard XMPP client, so the account password need not be typed into
 * it (and must not, where the company allows only these: XMPP_APP_PASSWORDS_ONLY or the xmppAppPasswordsOnly
 * feature). Shown once at creation, stored hashed like the account password, accepted by SASL PLAIN over TLS; the
 * logins one opened are marked with it, so revoking it closes their streams.
 */
import { randomInt } from "node:crypto";
import type {
  AppPassword,
  ChatCredentialsRepository,
} from "../../db/repositories/chat-credentials.repository.js";
import { AppError } from "../../errors.js";
import type { Actor } from "./actor.js";
import { hashPassword } from "./password-hasher.js";
import type { SessionService } from "./session.service.js";

/** Enough for one per device; more is a sign of leaking them. */
export const MAX_APP_PASSWORDS = 10;
export const MAX_APP_PASSWORD_LABEL = 64;
/** Lower-case letters without look-alikes (l, o), typed on phones without switching keyboards. */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz";

/** 4 groups of 4 letters: ~73 bits, far beyond what the lock and throttle let anyone guess. */
function newSecret(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
      "",
    ),
  );
  return groups.join("-");
}

/**
 * The client name recorded on the login sessions an app password opens, so revoking it ends them.
 * @param id the app password.
 * @returns the name.
 */
export const appPasswordClient = (id: number) => `xmpp app-password ${id}`;

export class AppPasswordService {
  constructor(
    private readonly credentials: ChatCredentialsRepository,
    private readonly sessions: SessionService,
  ) {}

  list(actor: Actor): Promise<AppPassword[]> {
    return this.credentials.listAppPasswords(actor.userId);
  }

  /**
   * Creates an app password.
   * @param actor the owner.
   * @param label what it is for (e.g. "Gajim on the laptop").
   * @returns the listing entry and the secret, which is not shown again.
   * @throws AppError too_many_app_passwords.
   */
  async create(
    actor: Actor,
    label: string,
  ): Promise<AppPassword & { password: string }> {
    if (
      (await this.credentials.countAppPasswords(actor.userId)) >=
      MAX_APP_PASSWORDS
    )
      throw new AppError(
        "too_many_app_passwords",
        409,
        `at most ${MAX_APP_PASSWORDS} app passwords`,
      );
    const password = newSecret();
    const created = await this.credentials.addAppPassword(
      actor.userId,
      label,
      await hashPassword(password),
    );
    return { ...created, password };
  }

  /**
   * Revokes an app password: no new login accepts it, and the streams logged in with it close.
   * @throws AppError not_found.
   */
  async revoke(actor: Actor, id: number): Promise<void> {
    if (!(await this.credentials.deleteAppPassword(actor.userId, id)))
      throw new AppError("not_found", 404, "no such app password");
    await this.sessions.endClientSessions(
      actor.userId,
      appPasswordClient(id),
      "app_password_revoked",
    );
  }
}
