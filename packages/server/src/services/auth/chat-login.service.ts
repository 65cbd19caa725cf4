/**
 * Password logins of standard XMPP clients (SASL PLAIN with a password, SCRAM-SHA-256): the same account checks,
 * failure counting, lock and address throttle as the REST login (login.service.ts), answered as SASL failures with
 * the spec §8 code in the text. A successful login opens an ordinary login session, so logout of it, a lock, a
 * password change and a deactivation end the stream like any other (docs/protocol.md §1).
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Clock } from "../../clock.js";
import type { AuditRepository } from "../../db/repositories/audit.repository.js";
import type { ChatCredentialsRepository } from "../../db/repositories/chat-credentials.repository.js";
import type {
  Company,
  CompaniesRepository,
} from "../../db/repositories/companies.repository.js";
import type {
  User,
  UsersRepository,
} from "../../db/repositories/users.repository.js";
import { ThrottledError } from "../throttle/throttled-error.js";
import type { AuthThrottle, LoginAttempt } from "../throttle/auth-throttle.js";
import type { Actor } from "./actor.js";
import { AUDIT_EVENTS } from "./audit.js";
import { actorOf, normalizeLoginId } from "./identity.js";
import type { PasswordGate, PasswordVerdict } from "./password-gate.js";
import { appPasswordClient } from "./app-passwords.js";
import { verifyPassword } from "./password-hasher.js";
import {
  deriveScramKeys,
  finishExchange,
  startExchange,
  SCRAM_ITERATIONS,
  type ClientFirst,
  type ScramKeys,
  type ScramExchange,
} from "./scram.js";
import type { AccountChanged, SessionService } from "./session.service.js";

/** The client type recorded on sessions opened by a password SASL login. */
export const XMPP_CLIENT_TYPE = "xmpp";

/** The company feature switch that limits SASL password logins to app passwords. */
export const APP_PASSWORDS_ONLY_FEATURE = "xmppAppPasswordsOnly";

/** RFC 6120 §6.5 failure conditions a password login answers with. */
export type SaslFailureCondition =
  | "not-authorized"
  | "account-disabled"
  | "credentials-expired"
  | "temporary-auth-failure"
  | "encryption-required"
  | "malformed-request";

export type ChatLoginRefusal = {
  ok: false;
  condition: SaslFailureCondition;
  /** `{spec §8 code} {reason}` or a reason alone, sent as the failure's `<text>`. */
  text: string;
};

export type ChatLoginResult =
  { ok: true; actor: Actor; token: string; expiresAt: Date } | ChatLoginRefusal;

/** Who a SASL username names. */
type Subject = {
  company: Company;
  loginId: string;
  user: User | undefined;
  attempt: LoginAttempt;
};

/** A SCRAM exchange between its challenge and the client's proof. */
export type PendingScram = {
  exchange: ScramExchange;
  subject: Subject | undefined;
  /** The account has no SCRAM keys yet (no password login since they were introduced). */
  keysMissing: boolean;
};

const refuse = (
  condition: SaslFailureCondition,
  text: string,
): ChatLoginRefusal => ({ ok: false, condition, text });

const WRONG = refuse("not-authorized", "104 wrong_password");

/** How a login is refused whose account changed while it was checked (password: the secret given is no longer good). */
const CHANGE_REFUSALS: Record<AccountChanged["changed"], ChatLoginRefusal> = {
  deactivated: refuse("account-disabled", "102 user_not_found"),
  locked: refuse("account-disabled", "103 account_locked"),
  password: WRONG,
};

export type ChatLoginOptions = {
  /** Every company's SASL password logins accept only app passwords (XMPP_APP_PASSWORDS_ONLY). */
  appPasswordsOnly: boolean;
};

/**
 * Stores the SCRAM keys of a password that was just proven right, unless current ones exist.
 * @param credentials where keys are kept.
 * @param user the account.
 * @param password its plain password.
 */
export async function rememberScramKeys(
  credentials: ChatCredentialsRepository,
  user: User,
  password: string,
): Promise<void> {
  if (await credentials.findScram(user.id, user.passwordVersion)) return;
  await credentials.saveScram(
    user.id,
    user.passwordVersion,
    await deriveScramKeys(password),
  );
}

export class ChatLoginService {
  /** Decoy salts for names without keys are stable per name (a changing salt would reveal the difference). */
  private readonly decoySecret = randomBytes(32);

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly users: UsersRepository,
    private readonly credentials: ChatCredentialsRepository,
    private readonly gate: PasswordGate,
    private readonly sessions: SessionService,
    private readonly throttle: AuthThrottle | undefined,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
    private readonly options: ChatLoginOptions,
  ) {}

  /**
   * SASL PLAIN with a password (the caller has checked the stream is encrypted).
   * @param xmppDomain the stream's domain.
   * @param authcid the username: the JID local part or the bare JID.
   * @param password the account password or an app password.
   * @param ip the client address.
   * @returns the session, or the refusal.
   */
  async plain(
    xmppDomain: string,
    authcid: string,
    password: string,
    ip: string,
  ): Promise<ChatLoginResult> {
    const subject = await this.admit(xmppDomain, authcid, ip);
    if (!subject.ok) return subject;
    if (!subject.value) return WRONG;
    const { company, user, loginId, attempt } = subject.value;
    if (!user) {
      const verdict = await this.gate.checkUnknown(
        company.id,
        loginId,
        password,
        attempt.known,
      );
      return this.conclude(subject.value, verdict, ip, "PLAIN");
    }
    const appOnly = this.appPasswordsOnly(company);
    // Set inside the check, which the gate calls only for an account that is not locked.
    const via: { accountPassword: boolean; appPassword?: number | undefined } =
      {
        accountPassword: false,
      };
    const verdict = await this.gate.checkWith(
      user,
      async () => {
        if (!appOnly && (await verifyPassword(password, user.passwordHash))) {
          via.accountPassword = true;
          return true;
        }
        via.appPassword = await this.matchAppPassword(user, password);
        return via.appPassword !== undefined;
      },
      ip,
      attempt.known,
    );
    if (verdict === "ok" && via.accountPassword)
      await rememberScramKeys(this.credentials, user, password);
    if (verdict === "wrong" && appOnly)
      return refuse("not-authorized", "104 app_password_required");
    return this.conclude(subject.value, verdict, ip, "PLAIN", via.appPassword);
  }

  /**
   * Starts SCRAM-SHA-256: looks the user up and answers with their salt, or a decoy one for a name without keys.
   * @param xmppDomain the stream's domain.
   * @param clientFirst the parsed client-first message.
   * @param ip the client address.
   * @returns the exchange to continue, or a refusal.
   */
  async scramStart(
    xmppDomain: string,
    clientFirst: ClientFirst,
    ip: string,
  ): Promise<{ ok: true; pending: PendingScram } | ChatLoginRefusal> {
    const subject = await this.admit(xmppDomain, clientFirst.username, ip);
    if (!subject.ok) return subject;
    const s = subject.value;
    // App passwords need the server to know which secret to check before the salt is sent: PLAIN only.
    if (s && this.appPasswordsOnly(s.company))
      return refuse("not-authorized", "app_password_required");
    const keys = s?.user
      ? await this.credentials.findScram(s.user.id, s.user.passwordVersion)
      : undefined;
    return {
      ok: true,
      pending: {
        exchange: startExchange(
          clientFirst,
          keys ?? this.decoyKeys(clientFirst.username),
        ),
        subject: s,
        keysMissing: s?.user !== undefined && keys === undefined,
      },
    };
  }

  /**
   * Finishes SCRAM-SHA-256: checks the proof and counts the attempt like a password.
   * @param pending the state from scramStart.
   * @param clientFinal the client-final message.
   * @param bindingData the channel binding data for the client's gs2 header.
   * @returns the session and the server-final message, or the refusal.
   */
  async scramFinish(
    pending: PendingScram,
    clientFinal: string,
    bindingData: Buffer,
  ): Promise<ChatLoginResult & { serverFinal?: string | undefined }> {
    const { subject } = pending;
    // Set inside the check, which the gate calls only for an account that is not locked.
    const outcome: { serverFinal?: string; malformed: boolean } = {
      malformed: false,
    };
    const check = () => {
      const verdict = finishExchange(
        pending.exchange,
        clientFinal,
        bindingData,
      );
      if (verdict.ok) outcome.serverFinal = verdict.serverFinal;
      else outcome.malformed = verdict.reason !== "proof";
      return verdict.ok;
    };
    if (!subject) {
      check();
      return WRONG;
    }
    if (pending.keysMissing) {
      // Nothing to check the proof against: not the user's fault, so not counted toward the lock.
      return refuse(
        "not-authorized",
        "scram_unavailable: log in once with the password (PLAIN over TLS or the Moa client)",
      );
    }
    const { user, company, loginId, attempt } = subject;
    const verdict = user
      ? await this.gate.checkWith(user, check, attempt.ip, attempt.known)
      : await this.gate.checkUnknown(
          company.id,
          loginId,
          undefined,
          attempt.known,
        );
    if (verdict !== "ok" && outcome.malformed)
      return refuse("malformed-request", "channel_binding_mismatch");
    const result = await this.conclude(subject, verdict, attempt.ip, "SCRAM");
    return result.ok ? { ...result, serverFinal: outcome.serverFinal } : result;
  }

  private appPasswordsOnly(company: Company): boolean {
    return (
      this.options.appPasswordsOnly ||
      company.features[APP_PASSWORDS_ONLY_FEATURE] === true
    );
  }

  /** @returns the id of the user's app password that matches, if one does. */
  private async matchAppPassword(
    user: User,
    password: string,
  ): Promise<number | undefined> {
    for (const { id, hash } of await this.credentials.appPasswordHashes(
      user.id,
    )) {
      if (await verifyPassword(password, hash)) {
        await this.credentials.touchAppPassword(id, this.clock());
        return id;
      }
    }
    return undefined;
  }

  /** Finds the account a username names and admits the attempt past the address throttle. */
  private async admit(
    xmppDomain: string,
    name: string,
    ip: string,
  ): Promise<{ ok: true; value: Subject | undefined } | ChatLoginRefusal> {
    const local = name.toLowerCase().endsWith(`@${xmppDomain}`)
      ? name.slice(0, -(xmppDomain.length + 1)).toLowerCase()
      : name.toLowerCase();
    const company = (await this.companies.listAll()).find(
      (c) =>
        c.xmppDomain === xmppDomain &&
        local.endsWith(`.${c.domain}`) &&
        local.length > c.domain.length + 1,
    );
    if (!company) return { ok: true, value: undefined };
    const loginId = normalizeLoginId(
      local.slice(0, -(company.domain.length + 1)),
    );
    let attempt: LoginAttempt;
    try {
      attempt = this.throttle
        ? await this.throttle.admitLogin(company.domain, loginId, ip)
        : { known: true, accountKey: loginId, ip };
    } catch (err) {
      if (err instanceof ThrottledError)
        return refuse(
          "temporary-auth-failure",
          `too_many_requests: retry in ${err.retryAfterSeconds} s`,
        );
      throw err;
    }
    const user = await this.users.findByLogin(company.id, loginId);
    return { ok: true, value: { company, loginId, user, attempt } };
  }

  /** The account checks after the secret, as the REST login makes them, then the session. */
  private async conclude(
    subject: Subject,
    verdict: PasswordVerdict,
    ip: string,
    mechanism: string,
    /** The app password the secret matched, which names the session's client so that revoking it ends the session. */
    appPassword?: number,
  ): Promise<ChatLoginResult> {
    const { company, user, loginId } = subject;
    const failure = async (r: ChatLoginRefusal) => {
      await this.audit.record({
        event: AUDIT_EVENTS.loginFailure,
        companyId: company.id,
        userId: user?.id ?? null,
        loginId,
        ip,
        detail: {
          reason: r.text.split(" ")[1] ?? r.text,
          via: `xmpp ${mechanism}`,
        },
        at: this.clock(),
      });
      return r;
    };
    if (verdict === "locked")
      return failure(refuse("account-disabled", "103 account_locked"));
    if (verdict === "wrong" || !user) return failure(WRONG);
    // A lock by a concurrent attempt or an admin is read fresh, as is the rest of the account's state.
    const fresh = (await this.users.findById(user.id)) ?? user;
    if (!fresh.active)
      return failure(refuse("account-disabled", "102 user_not_found"));
    if (fresh.passwordExpired)
      return failure(refuse("credentials-expired", "105 password_expired"));
    if (!fresh.privacyConsent)
      return failure(refuse("not-authorized", "106 privacy_not_agreed"));
    const tokens = await this.sessions.open(
      fresh,
      company,
      {
        ip,
        client:
          appPassword === undefined
            ? `xmpp ${mechanism}`
            : appPasswordClient(appPassword),
        locale: "en-us",
      },
      {
        clientType: XMPP_CLIENT_TYPE,
        autoLogin: false,
        appPasswordId: appPassword,
      },
    );
    if ("changed" in tokens) return failure(CHANGE_REFUSALS[tokens.changed]);
    if (this.throttle) await this.throttle.loginSucceeded(subject.attempt);
    await this.audit.record({
      event: AUDIT_EVENTS.loginSuccess,
      companyId: company.id,
      userId: fresh.id,
      loginId,
      ip,
      detail: { sessionId: tokens.sessionId, via: `xmpp ${mechanism}` },
      at: this.clock(),
    });
    return {
      ok: true,
      actor: actorOf(fresh, company, tokens.sessionId),
      token: tokens.accessToken,
      expiresAt: tokens.accessTokenExpiresAt,
    };
  }

  private decoyKeys(name: string): ScramKeys {
    const salt = createHmac("sha256", this.decoySecret)
      .update(name)
      .digest()
      .subarray(0, 16);
    return {
      salt,
      iterations: SCRAM_ITERATIONS,
      storedKey: randomBytes(32),
      serverKey: randomBytes(32),
    };
  }
}
