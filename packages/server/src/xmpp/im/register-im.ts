/**
 * Wires the IM part for stock clients (1:1 chat, carbons, roster, RFC 6121 presence, vCard) into the router and
 * the session rendering. docs/protocol.md §8 describes it.
 */
import type { Element } from "@xmpp/xml";
import type { BusEvent } from "../../bus/bus.js";
import type { MessageView } from "../../services/chat/events.js";
import type { Router } from "../router.js";
import type { ChatSession } from "../stream/chat-session.js";
import { registerCarbons } from "./carbons.js";
import type { ImDeps } from "./colleagues.js";
import { chatRetraction, deliverChat, sendChat } from "./one-to-one.js";
import { registerRoster, rosterChanged, ROSTER_CHANGED } from "./roster.js";
import { ownPresence, subscriptionPresence } from "./subscriptions.js";
import { registerVcard } from "./vcard.js";

export type ImHooks = {
  /**
   * Renders a bus event for a session: a stanza, null when the IM part delivers it (or nothing), undefined to leave
   * it to the room rendering.
   */
  render: (event: BusEvent, session: ChatSession) => string | null | undefined;
  /** Handles a `type="chat"` message to a user JID. */
  chat: (
    session: ChatSession,
    msg: Element,
    queued?: () => void,
  ) => Promise<void>;
  /** After the session's own broadcast presence. */
  ownPresence: (session: ChatSession, presence: Element) => void;
  /** Handles a subscription presence to a user; false when it is not one. */
  subscription: (session: ChatSession, presence: Element) => Promise<boolean>;
};

/**
 * Registers the IM queries and returns the hooks the message, presence and rendering paths call.
 * @param router the router.
 * @param deps the IM dependencies.
 * @returns the hooks.
 */
export function registerIm(router: Router, deps: ImDeps): ImHooks {
  registerCarbons(router);
  registerRoster(router, deps);
  registerVcard(router, deps);
  return {
    render: (event, session) => {
      if (event.kind === ROSTER_CHANGED) {
        rosterChanged(deps, session);
        return null;
      }
      if (event.kind === "chat.message")
        return deliverChat(deps, session, event.message as MessageView)
          ? null
          : undefined;
      if (event.kind === "chat.deleted") return chatRetraction(session, event);
      return undefined;
    },
    chat: (session, msg, queued) => sendChat(deps, session, msg, queued),
    ownPresence: (session, presence) => ownPresence(deps, session, presence),
    subscription: (session, presence) =>
      subscriptionPresence(deps, session, presence),
  };
}
