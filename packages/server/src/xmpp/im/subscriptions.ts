/**
 * RFC 6121 presence for stock clients. Initial presence makes the session follow its contacts' (friends') presence,
 * answered at once with their current presence (the server-side probe); a subscription request to a colleague is
 * approved at once and makes the colleague a friend (colleagues' presence is visible company-wide in Moa, so there
 * is nothing to ask). Other addresses are refused. The user's own presence reaches everyone following it through
 * the presence service, as for Moa clients.
 */
import xml, { type Element } from "@xmpp/xml";
import { FRIEND_DUPLICATE_CODE, NS_CLIENT } from "@moa/shared";
import { AppError } from "../../errors.js";
import type { ChatSession } from "../stream/chat-session.js";
import { colleagueOf, directoryOf, type ImDeps } from "./colleagues.js";
import { followContacts, rosterOf } from "./contacts.js";
import { enqueue, imState, isMoaSession } from "./im-session.js";

const SUBSCRIPTION_TYPES = new Set([
  "subscribe",
  "subscribed",
  "unsubscribe",
  "unsubscribed",
  "probe",
]);

/**
 * After the session's own broadcast presence: a stock session's first available presence makes it follow its
 * contacts and receive their presence.
 * @param deps the IM dependencies.
 * @param session the session.
 * @param presence the presence stanza (no `to`).
 */
export function ownPresence(
  deps: ImDeps,
  session: ChatSession,
  presence: Element,
): void {
  if (isMoaSession(session) || deps.directory === undefined) return;
  if (presence.attrs.type === "unavailable") return;
  if (imState(session).contacts !== undefined) return;
  imState(session).contacts = new Set();
  enqueue(
    session,
    async () => followContacts(deps, session, await rosterOf(deps, session)),
    (err) =>
      deps.logger.error({ err, jid: session.jid }, "contact presence failed"),
    { holdEvents: true },
  );
}

/**
 * Handles a subscription presence (`subscribe`, `subscribed`, `unsubscribe`, `unsubscribed`, `probe`) to a user.
 * @param deps the IM dependencies.
 * @param session the sender.
 * @param presence the stanza.
 * @returns false when the stanza is not a subscription presence.
 * @throws StanzaError as colleagueOf (answered as a presence error from the address).
 */
export async function subscriptionPresence(
  deps: ImDeps,
  session: ChatSession,
  presence: Element,
): Promise<boolean> {
  const type = presence.attrs.type as string | undefined;
  if (type === undefined || !SUBSCRIPTION_TYPES.has(type)) return false;
  const colleague = await colleagueOf(
    deps,
    session,
    presence.attrs.to as string | undefined,
  );
  if (type !== "subscribe") return true;
  const { friends, orgIndex } = directoryOf(deps);
  const isFriend = (await friends.friends(session.actor)).some(
    (f) => f.entry.user.id === colleague.id,
  );
  const entry = (await orgIndex.index(session.actor)).byId.get(colleague.id);
  if (!isFriend && entry) {
    try {
      await friends.addFriends(session.actor, [{ id: entry.user.loginId }]);
    } catch (err) {
      // Added meanwhile by another resource: the subscription stands all the same.
      if (!(err instanceof AppError) || err.code !== FRIEND_DUPLICATE_CODE)
        throw err;
    }
  }
  session.deliver(
    xml("presence", {
      xmlns: NS_CLIENT,
      type: "subscribed",
      from: colleague.jid,
      to: session.bare,
    }).toString(),
  );
  return true;
}
