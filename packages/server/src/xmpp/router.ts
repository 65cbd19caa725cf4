/**
 * Dispatches bound-session stanzas: iq by (type, payload namespace, payload name) like @xmpp/iq's callee,
 * message and presence to their handlers. Iq errors are answered here; unknown iqs get service-unavailable.
 */
import xml, { type Element } from "@xmpp/xml";
import { NS_CLIENT } from "@moa/shared";
import type { Logger } from "../logger.js";
import type { ChatSession } from "./stream/chat-session.js";
import { StanzaError, toStanzaError } from "./stream/errors.js";

/** An iq handler: returns the result payload, or undefined for an empty result. */
export type IqHandler = (
  session: ChatSession,
  payload: Element,
  iq: Element,
) => Promise<Element | undefined>;
/** A message or presence handler; queued, when given, is called once a chat message is queued for the archive. */
export type StanzaHandler = (
  session: ChatSession,
  stanza: Element,
  queued?: () => void,
) => Promise<void>;

/** How an iq is handled besides its handler. */
export type IqOptions = {
  /**
   * Hold the session's bus events from the start of the handler until its reply is written (ChatSession.holdEvents):
   * for a handler that follows topics and answers with their current state.
   */
  holdEvents?: boolean;
};

export class Router {
  private readonly iqHandlers = new Map<
    string,
    { handler: IqHandler; options: IqOptions }
  >();
  private messageHandler: StanzaHandler | undefined;
  private presenceHandler: StanzaHandler | undefined;

  constructor(private readonly logger: Logger) {}

  /**
   * Registers an iq handler.
   * @param type get or set.
   * @param ns the payload namespace.
   * @param name the payload element name.
   * @param handler the handler.
   * @param options how else it is handled.
   */
  iq(
    type: "get" | "set",
    ns: string,
    name: string,
    handler: IqHandler,
    options: IqOptions = {},
  ): this {
    this.iqHandlers.set(`${type} ${ns} ${name}`, { handler, options });
    return this;
  }

  message(handler: StanzaHandler): this {
    this.messageHandler = handler;
    return this;
  }

  presence(handler: StanzaHandler): this {
    this.presenceHandler = handler;
    return this;
  }

  /**
   * Handles one stanza from a bound session; resolves when it is fully handled (and committed).
   * @param session the sender's session.
   * @param stanza the stanza.
   * @param queued called when a chat message is queued for the archive, before it commits.
   */
  async route(
    session: ChatSession,
    stanza: Element,
    queued?: () => void,
  ): Promise<void> {
    if (stanza.name === "iq") return this.routeIq(session, stanza);
    const handler =
      stanza.name === "message" ? this.messageHandler : this.presenceHandler;
    if (!handler) return;
    try {
      await handler(session, stanza, queued);
    } catch (err) {
      const { error, unexpected } = toStanzaError(err);
      if (unexpected)
        this.logger.error(
          { err, jid: session.jid },
          `${stanza.name} handler failed`,
        );
      if (stanza.attrs.type === "error") return;
      session.deliver(errorReply(session, stanza, error).toString());
    }
  }

  private async routeIq(session: ChatSession, iq: Element): Promise<void> {
    const type = iq.attrs.type as string | undefined;
    if (type === "result" || type === "error") return;
    const payload =
      iq.children.length === 1 ? iq.getChildElements()[0] : undefined;
    if (
      (type !== "get" && type !== "set") ||
      !payload ||
      typeof iq.attrs.id !== "string"
    ) {
      session.deliver(
        errorReply(session, iq, new StanzaError("bad-request")).toString(),
      );
      return;
    }
    const registered = this.iqHandlers.get(
      `${type} ${String(payload.getNS())} ${payload.name}`,
    );
    if (!registered) {
      session.deliver(
        errorReply(
          session,
          iq,
          new StanzaError("service-unavailable"),
        ).toString(),
      );
      return;
    }
    const release = registered.options.holdEvents
      ? session.holdEvents()
      : undefined;
    try {
      const result = await registered.handler(session, payload, iq);
      const reply = xml("iq", {
        xmlns: NS_CLIENT,
        type: "result",
        id: iq.attrs.id,
        to: session.jid,
        ...(iq.attrs.to ? { from: iq.attrs.to as string } : {}),
      });
      if (result) reply.append(result);
      session.deliver(reply.toString());
    } catch (err) {
      const { error, unexpected } = toStanzaError(err);
      if (unexpected)
        this.logger.error(
          { err, jid: session.jid, payload: payload.name },
          "iq handler failed",
        );
      session.deliver(errorReply(session, iq, error).toString());
    } finally {
      release?.();
    }
  }
}

/**
 * Builds an error reply to a stanza (RFC 6120 §8.3.1: same name and id, type error, original from → to).
 * @param session the session receiving the error.
 * @param stanza the offending stanza.
 * @param error the condition.
 * @returns the reply.
 */
export function errorReply(
  session: ChatSession,
  stanza: Element,
  error: StanzaError,
): Element {
  const attrs: Record<string, string> = {
    xmlns: NS_CLIENT,
    type: "error",
    to: session.jid,
  };
  if (typeof stanza.attrs.id === "string") attrs.id = stanza.attrs.id;
  if (typeof stanza.attrs.to === "string") attrs.from = stanza.attrs.to;
  return xml(stanza.name, attrs, error.toElement());
}
