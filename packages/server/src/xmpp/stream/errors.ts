/**
 * Stream errors (RFC 6120 §4.9, fatal: the stream closes) and stanza errors (RFC 6120 §8.3, the stream
 * stays up), plus the mapping from service error codes to stanza error conditions.
 */
import xml, { type Element } from "@xmpp/xml";
import { NS_MOA_USER, NS_STANZAS, NS_STREAM, NS_STREAMS } from "@moa/shared";
import { AppError } from "../../errors.js";
import { ChatError } from "../../services/chat/errors.js";

/** RFC 6120 §4.9.3 conditions this server raises. */
export type StreamErrorCondition =
  | "bad-format"
  | "conflict"
  | "connection-timeout"
  | "host-unknown"
  | "internal-server-error"
  | "invalid-from"
  | "invalid-namespace"
  | "not-authorized"
  | "not-well-formed"
  | "policy-violation"
  | "restricted-xml"
  | "system-shutdown"
  | "undefined-condition"
  | "unsupported-feature"
  | "unsupported-stanza-type"
  | "unsupported-version";

/** A fatal stream error; the session sends it, then `<close/>`, then closes the socket. */
export class StreamError extends Error {
  constructor(
    readonly condition: StreamErrorCondition,
    readonly text?: string,
    /** An application-specific condition element (RFC 6120 §4.9.4), serialised. */
    readonly appCondition?: string,
  ) {
    super(text ? `${condition}: ${text}` : condition);
    this.name = "StreamError";
  }

  /** The `<stream:error/>` element (RFC 7395 §3.6 declares the stream prefix on the element itself). */
  toXml(): string {
    const inner = `<${this.condition} xmlns="${NS_STREAMS}"/>`;
    const text = this.text
      ? xml("text", { xmlns: NS_STREAMS }, this.text).toString()
      : "";
    return `<stream:error xmlns:stream="${NS_STREAM}">${inner}${text}${this.appCondition ?? ""}</stream:error>`;
  }
}

/**
 * The stream error of a session whose access token expired without renewal. RFC 6120 has `credentials-expired`
 * only as a SASL failure (§6.5.2), not as a stream error condition (§4.9.3), so the stream condition is
 * not-authorized and `<credentials-expired xmlns="urn:moa:user:0"/>` tells the client to refresh and reconnect.
 * @returns the error.
 */
export function credentialsExpired(): StreamError {
  return new StreamError(
    "not-authorized",
    "credentials-expired",
    `<credentials-expired xmlns="${NS_MOA_USER}"/>`,
  );
}

/**
 * The stream error of a session whose login ended (logout, lock, password change, deactivation, token theft).
 * @param reason why, sent as the error's text.
 * @returns the error.
 */
export function sessionRevoked(reason: string): StreamError {
  return new StreamError("not-authorized", reason);
}

/** RFC 6120 §8.3.3 conditions this server raises. */
export type StanzaErrorCondition =
  | "bad-request"
  | "conflict"
  | "feature-not-implemented"
  | "forbidden"
  | "internal-server-error"
  | "item-not-found"
  | "not-acceptable"
  | "not-allowed"
  | "not-authorized"
  | "policy-violation"
  | "resource-constraint"
  | "service-unavailable";

const TYPE_OF: Record<
  StanzaErrorCondition,
  "cancel" | "modify" | "auth" | "wait"
> = {
  "bad-request": "modify",
  conflict: "cancel",
  "feature-not-implemented": "cancel",
  forbidden: "auth",
  "internal-server-error": "wait",
  "item-not-found": "cancel",
  "not-acceptable": "modify",
  "not-allowed": "cancel",
  "not-authorized": "auth",
  "policy-violation": "modify",
  "resource-constraint": "wait",
  "service-unavailable": "cancel",
};

/** A recoverable error answered to one stanza. `code` is the stable Moa error id, sent as application text. */
export class StanzaError extends Error {
  constructor(
    readonly condition: StanzaErrorCondition,
    readonly code?: string,
  ) {
    super(code ?? condition);
    this.name = "StanzaError";
  }

  /**
   * Builds the `<error/>` child.
   * @returns the error element.
   */
  toElement(): Element {
    const err = xml(
      "error",
      { type: TYPE_OF[this.condition] },
      xml(this.condition, { xmlns: NS_STANZAS }),
    );
    if (this.code) err.append(xml("text", { xmlns: NS_STANZAS }, this.code));
    return err;
  }
}

const CONDITION_OF_CODE: Record<ChatError["code"], StanzaErrorCondition> = {
  invalid_input: "bad-request",
  message_not_found: "item-not-found",
  file_not_found: "item-not-found",
  user_not_found: "item-not-found",
  not_member: "forbidden",
  forbidden: "forbidden",
  not_allowed: "not-allowed",
  delete_window_passed: "not-allowed",
  chief_cannot_leave: "not-allowed",
};

/**
 * Converts any thrown value into a stanza error; unknown errors become internal-server-error.
 * @param err what was thrown.
 * @returns the stanza error, and whether it was unexpected (to be logged).
 */
export function toStanzaError(err: unknown): {
  error: StanzaError;
  unexpected: boolean;
} {
  if (err instanceof StanzaError) return { error: err, unexpected: false };
  if (err instanceof ChatError) {
    return {
      error: new StanzaError(CONDITION_OF_CODE[err.code], err.code),
      unexpected: false,
    };
  }
  if (err instanceof AppError && err.status < 500) {
    // Other services' refusals keep their stable code; the condition follows the HTTP status.
    const condition: StanzaErrorCondition =
      err.status === 403
        ? "forbidden"
        : err.status === 404
          ? "item-not-found"
          : err.status === 409
            ? "not-allowed"
            : "not-acceptable";
    return { error: new StanzaError(condition, err.code), unexpected: false };
  }
  return { error: new StanzaError("internal-server-error"), unexpected: true };
}
