/**
 * SASL (RFC 6120 §6) for one stream: PLAIN with an access token from the REST login (the Moa clients), PLAIN with
 * the account or an app password (encrypted streams only), and SCRAM-SHA-256 / SCRAM-SHA-256-PLUS (RFC 7677,
 * channel binding per RFC 9266 / RFC 5929). The authcid (and authzid, if given) is the JID local part
 * `{loginId}.{domain}` or the bare JID. Password checks go through the same lock and throttle as the REST login.
 */
import type { Element } from "@xmpp/xml";
import { parseJid } from "@moa/shared";
import type { Actor } from "../../services/auth/actor.js";
import type {
  PendingScram,
  SaslFailureCondition,
} from "../../services/auth/chat-login.service.js";
import { parseClientFirst } from "../../services/auth/scram.js";
import type { XmppContext } from "../context.js";
import type { StreamTransport } from "../stream/transport.js";

export type SaslCondition =
  SaslFailureCondition | "invalid-mechanism" | "aborted";

export type SaslStep =
  | { kind: "challenge"; data: string }
  | {
      kind: "success";
      /** Base64 additional data with success (SCRAM's server-final message). */
      data: string | undefined;
      actor: Actor;
      /** The access token of the login: given by the client (token PLAIN) or issued for the password login. */
      token: string;
      expiresAt: Date;
      /** Authenticated with a password: the stream holds no token the client renews, so it does not expire. */
      password: boolean;
    }
  | {
      kind: "failure";
      condition: SaslCondition;
      text: string | undefined;
      /** Counts toward the stream's failure limit (a refusal the client can do nothing about does not). */
      counts: boolean;
    };

const SCRAM = "SCRAM-SHA-256";
const SCRAM_PLUS = "SCRAM-SHA-256-PLUS";
/** A JWT (three base64url parts): the Moa clients' access token, checked as before password logins existed. */
const ACCESS_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const BASE64 = /^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const failure = (
  condition: SaslCondition,
  text?: string,
  counts = true,
): SaslStep => ({ kind: "failure", condition, text, counts });

const decode = (el: Element): string | undefined => {
  const text = el.getText().trim();
  if (text === "=") return "";
  return BASE64.test(text)
    ? Buffer.from(text, "base64").toString("utf8")
    : undefined;
};

/**
 * The mechanisms offered on a transport, best first.
 * @param transport the stream's transport.
 * @returns mechanism names.
 */
export function offeredMechanisms(transport: StreamTransport): string[] {
  return [...(transport.channelBinding() ? [SCRAM_PLUS] : []), SCRAM, "PLAIN"];
}

/** One stream's SASL exchange (a new one after each failure). */
export class SaslNegotiation {
  private scram: PendingScram | undefined;
  private bindingData: Buffer = Buffer.alloc(0);

  constructor(
    private readonly ctx: XmppContext,
    private readonly domain: string,
    private readonly transport: StreamTransport,
  ) {}

  /** Whether a challenge is outstanding (a `<response/>` is expected). */
  get inProgress(): boolean {
    return this.scram !== undefined;
  }

  /**
   * Handles `<auth/>`.
   * @param auth the element.
   * @returns the next step.
   */
  async auth(auth: Element): Promise<SaslStep> {
    this.scram = undefined;
    const mechanism = String(auth.attrs.mechanism ?? "");
    if (!offeredMechanisms(this.transport).includes(mechanism))
      return failure("invalid-mechanism");
    const payload = decode(auth);
    if (payload === undefined) return failure("malformed-request");
    return mechanism === "PLAIN"
      ? this.plain(payload)
      : this.scramStart(payload, mechanism === SCRAM_PLUS);
  }

  /**
   * Handles `<response/>`.
   * @param response the element.
   * @returns the next step.
   */
  async response(response: Element): Promise<SaslStep> {
    const pending = this.scram;
    this.scram = undefined;
    if (!pending) return failure("malformed-request");
    const payload = decode(response);
    if (payload === undefined) return failure("malformed-request");
    const result = await this.ctx.chatLogin.scramFinish(
      pending,
      payload,
      this.bindingData,
    );
    if (!result.ok) return failure(result.condition, result.text);
    return {
      kind: "success",
      data: Buffer.from(result.serverFinal ?? "").toString("base64"),
      actor: result.actor,
      token: result.token,
      expiresAt: result.expiresAt,
      password: true,
    };
  }

  /** Handles `<abort/>`. */
  abort(): SaslStep {
    this.scram = undefined;
    return failure("aborted", undefined, false);
  }

  private async plain(payload: string): Promise<SaslStep> {
    const parts = payload.split("\0");
    if (parts.length !== 3) return failure("malformed-request");
    const [authzid = "", authcid = "", secret = ""] = parts;
    if (!authcid || !secret) return failure("malformed-request");
    if (authzid !== "" && authzid.toLowerCase() !== authcid.toLowerCase()) {
      const own = (id: string) =>
        id.toLowerCase().replace(`@${this.domain}`, "");
      if (own(authzid) !== own(authcid)) return failure("not-authorized");
    }
    if (ACCESS_TOKEN.test(secret))
      return this.plainToken(authzid, authcid, secret);
    // Never a password in the clear over an unencrypted stream (docs/protocol.md §1). The condition stays what a
    // wrong token always got, so the Moa clients see no change.
    if (!this.transport.secure)
      return failure(
        "not-authorized",
        "encryption-required: passwords only over TLS",
      );
    const result = await this.ctx.chatLogin.plain(
      this.domain,
      authcid,
      secret,
      this.transport.remoteAddress,
    );
    if (!result.ok) return failure(result.condition, result.text);
    return {
      kind: "success",
      data: undefined,
      actor: result.actor,
      token: result.token,
      expiresAt: result.expiresAt,
      password: true,
    };
  }

  private async plainToken(
    authzid: string,
    authcid: string,
    token: string,
  ): Promise<SaslStep> {
    const verified = await this.ctx.verifier.verify(token);
    if (!verified.ok)
      return failure(
        verified.reason === "expired"
          ? "credentials-expired"
          : "not-authorized",
      );
    const own = parseJid(verified.actor.jid);
    if (!own || own.domain !== this.domain) return failure("not-authorized");
    const matches = (id: string) =>
      id.toLowerCase() === own.local ||
      id.toLowerCase() === `${own.local}@${own.domain}`;
    if (!matches(authcid) || (authzid !== "" && !matches(authzid)))
      return failure("not-authorized");
    return {
      kind: "success",
      data: undefined,
      actor: verified.actor,
      token,
      expiresAt: verified.expiresAt,
      password: false,
    };
  }

  private async scramStart(payload: string, plus: boolean): Promise<SaslStep> {
    const first = parseClientFirst(payload);
    if (!first) return failure("malformed-request");
    const binding = this.transport.channelBinding();
    if (plus !== (first.cbFlag === "p"))
      return failure("malformed-request", "channel_binding_flag_mismatch");
    if (first.cbFlag === "p" && first.cbType !== binding?.type)
      return failure(
        "malformed-request",
        `channel_binding_unsupported: ${binding?.type ?? "none"} only`,
        false,
      );
    // A `y` client supports binding but believes the server does not. RFC 5802 has the server refuse it when it
    // binds, but a client that knows only tls-unique (unsupported here) sends `y` in good faith, so it is accepted.
    this.bindingData =
      first.cbFlag === "p" && binding ? binding.data : Buffer.alloc(0);
    if (first.authzid !== undefined) {
      const own = (id: string) =>
        id.toLowerCase().replace(`@${this.domain}`, "");
      if (own(first.authzid) !== own(first.username))
        return failure("not-authorized");
    }
    const started = await this.ctx.chatLogin.scramStart(
      this.domain,
      first,
      this.transport.remoteAddress,
    );
    if (!started.ok) return failure(started.condition, started.text);
    this.scram = started.pending;
    return {
      kind: "challenge",
      data: Buffer.from(started.pending.exchange.serverFirst).toString(
        "base64",
      ),
    };
  }
}
