/** Reads room addresses from stanzas: a room JID `{roomName}@conference.{domain}` or a `room` attribute. */
import { parseJid, roomDomain } from "@moa/shared";
import type { Element } from "@xmpp/xml";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { sessionDomain } from "../render.js";

/**
 * The room a JID addresses, if it is a room of the session's domain.
 * @param jid the address.
 * @param session the sender.
 * @returns the room name, or undefined.
 */
export function roomNameOf(
  jid: string | undefined,
  session: ChatSession,
): string | undefined {
  if (!jid) return undefined;
  const parts = parseJid(jid);
  if (!parts || parts.domain !== roomDomain(sessionDomain(session)))
    return undefined;
  return parts.local;
}

/**
 * A required string attribute.
 * @param el the element.
 * @param name the attribute.
 * @returns its value.
 * @throws StanzaError bad-request when missing or empty.
 */
export function requireAttr(el: Element, name: string): string {
  const v = el.attrs[name] as unknown;
  if (typeof v !== "string" || v === "")
    throw new StanzaError("bad-request", "invalid_input");
  return v;
}

/**
 * A required non-negative integer attribute (epoch ms times).
 * @param el the element.
 * @param name the attribute.
 * @returns the number.
 * @throws StanzaError bad-request.
 */
export function requireTime(el: Element, name: string): number {
  const v = Number(requireAttr(el, name));
  if (!Number.isSafeInteger(v) || v < 0)
    throw new StanzaError("bad-request", "invalid_input");
  return v;
}

/**
 * The `jid` attributes of `<member/>` children.
 * @param el the parent.
 * @returns the JIDs.
 */
export function memberJids(el: Element): string[] {
  return el.getChildren("member").map((m) => requireAttr(m, "jid"));
}
