/**
 * Renders chat domain events and archived messages as stanzas (docs/protocol.md §Messages). One message
 * shape is used live, in MAM results and after resumption, so clients parse one thing.
 */
import xml, { escapeXML, type Element } from "@xmpp/xml";
import {
  NS_CLIENT,
  NS_DELAY,
  NS_FALLBACK,
  NS_FORWARD,
  NS_HINTS,
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_PRESENCE,
  NS_MOA_PUSH,
  NS_MOA_USER,
  NS_MOA_ROOMS,
  NS_RETRACT,
  NS_SID,
  roomJid,
} from "@moa/shared";
import { presenceTopic, type BusEvent } from "../bus/bus.js";
import type { MessageView } from "../services/chat/events.js";
import type { ChatSession } from "./stream/chat-session.js";

/** What a client without XEP-0424 shows for a retraction (protocol text, like a server's error text). */
const RETRACTION_FALLBACK = "[This message was deleted by its sender]";

/** The XMPP domain of a session's user (rooms live under conference.{domain}). */
export function sessionDomain(session: ChatSession): string {
  return session.domain;
}

/**
 * The occupant JID a room message comes from (XEP-0045 §7.4): the sender's room nick, or the bare room JID for
 * messages the server made.
 * @param room the room's bare JID.
 * @param nick the sender's nick ("" for none).
 * @returns the JID.
 */
export function occupantJid(room: string, nick: string): string {
  return nick === "" ? room : `${room}/${nick}`;
}

/**
 * The `<message/>` element of a chat message.
 * @param m the message.
 * @param domain the reader's XMPP domain.
 * @param to the recipient JID, when addressed.
 * @param id the stanza id attribute.
 * @returns the element.
 */
export function messageElement(
  m: MessageView,
  domain: string,
  to: string | undefined,
  id: string,
): Element {
  const room = roomJid(m.roomName, domain);
  const el = xml("message", {
    xmlns: NS_CLIENT,
    type: "groupchat",
    from: occupantJid(room, m.senderNick),
    ...(to ? { to } : {}),
    id,
  });
  // Room events carry their data in the extensions; they have no body.
  if (!m.deleted && m.body !== "") el.c("body").t(m.body);
  el.c("stanza-id", { xmlns: NS_SID, id: String(m.id), by: room });
  el.c("origin-id", { xmlns: NS_SID, id: m.originId });
  // XEP-0424 §5: an archived retracted message is a tombstone saying when.
  if (m.deleted && m.deletedAt !== null)
    el.c("retracted", {
      xmlns: NS_RETRACT,
      stamp: new Date(m.deletedAt).toISOString(),
    });
  const chat = el.c("chat", {
    xmlns: NS_MOA_CHAT,
    sender: m.senderJid,
    "sender-name": m.senderName,
    time: String(m.logTime),
    "room-type": String(m.roomType),
    "content-type": m.contentType,
    ...(m.isLongMsg ? { long: "true" } : {}),
    ...(m.deleted ? { deleted: "true" } : {}),
  });
  // Who the message names, so it keeps their names after they leave the room.
  for (const p of m.people)
    chat.c("person", { jid: p.jid, name: p.name, position: p.position });
  if (m.replyTime !== null || m.replyTitle !== null) {
    el.c("reply", {
      xmlns: NS_MOA_CHAT,
      ...(m.replyTitle !== null ? { title: m.replyTitle } : {}),
      ...(m.replyTime !== null ? { time: String(m.replyTime) } : {}),
    }).t(m.replyText ?? "");
  }
  if (m.extension !== null)
    el.c("extensions", { xmlns: NS_MOA_CHAT }).t(m.extension);
  return el;
}

// Fan-out renders one message for many sessions: its children are serialised once per message and domain.
const renderedChildren = new WeakMap<
  MessageView,
  { domain: string; from: string; xml: string }
>();

/**
 * The live delivery of a message to one recipient; same stanza as {@link messageElement}, built faster.
 * @param m the message (the same object for every session on this node).
 * @param domain the recipient's XMPP domain.
 * @param to the recipient's bare JID.
 * @param id the stanza id attribute.
 * @returns the serialised stanza.
 */
export function liveMessage(
  m: MessageView,
  domain: string,
  to: string,
  id: string,
): string {
  let cached = renderedChildren.get(m);
  if (cached?.domain !== domain) {
    const el = messageElement(m, domain, undefined, "");
    cached = {
      domain,
      from: escapeXML(occupantJid(roomJid(m.roomName, domain), m.senderNick)),
      xml: el.children.map((c) => c.toString()).join(""),
    };
    renderedChildren.set(m, cached);
  }
  return `<message xmlns="${NS_CLIENT}" type="groupchat" from="${cached.from}" to="${escapeXML(to)}" id="${escapeXML(id)}">${cached.xml}</message>`;
}

/**
 * A MAM result message (XEP-0313 §4.1.2) wrapping an archived message as the reader gets it.
 * @param m the archived message.
 * @param session the reader.
 * @param queryId the client's query id.
 * @param archive the archive queried: a room JID, or the reader's bare JID (XEP-0313 §4.1.2: results come from it).
 * @param forwarded the archived message's stanza.
 * @returns the serialised stanza.
 */
export function mamWrapper(
  m: MessageView,
  session: ChatSession,
  queryId: string | undefined,
  archive: string,
  forwarded: Element,
): string {
  const wrapper = xml("message", {
    xmlns: NS_CLIENT,
    to: session.jid,
    from: archive,
    id: `mam-${m.id}`,
  });
  wrapper
    .c("result", {
      xmlns: NS_MAM,
      ...(queryId ? { queryid: queryId } : {}),
      id: String(m.id),
    })
    .c("forwarded", { xmlns: NS_FORWARD })
    .c("delay", { xmlns: NS_DELAY, stamp: new Date(m.logTime).toISOString() })
    .up()
    .cnode(forwarded);
  return wrapper.toString();
}

/**
 * A MAM result message wrapping an archived room message.
 * @param m the archived message.
 * @param session the reader.
 * @param queryId the client's query id.
 * @param archive the archive queried.
 * @returns the serialised stanza.
 */
export function mamResult(
  m: MessageView,
  session: ChatSession,
  queryId: string | undefined,
  archive: string,
): string {
  return mamWrapper(
    m,
    session,
    queryId,
    archive,
    messageElement(m, sessionDomain(session), undefined, `m${m.id}`),
  );
}

/**
 * Renders a bus event for one session, or undefined when it is not for this session.
 * @param event the event.
 * @param session the receiving session.
 * @returns the serialised stanza.
 */
export function renderEvent(
  event: BusEvent,
  session: ChatSession,
): string | undefined {
  const domain = sessionDomain(session);
  switch (event.kind) {
    case "chat.message": {
      const m = event.message as MessageView;
      const own = m.senderJid === session.bare && m.clientId !== undefined;
      return liveMessage(
        m,
        domain,
        session.bare,
        own ? (m.clientId ?? "") : `m${m.id}`,
      );
    }
    case "chat.deleted": {
      // XEP-0424 retraction from the sender's occupant JID (by stanza id, as the archive is the room's), with the
      // XEP-0428 fallback body for clients without retraction, plus Moa's spec keys.
      const room = roomJid(String(event.roomName), domain);
      const el = xml("message", {
        xmlns: NS_CLIENT,
        type: "groupchat",
        from: occupantJid(
          room,
          typeof event.senderNick === "string" ? event.senderNick : "",
        ),
        to: session.bare,
        id: `d${String(event.id)}`,
      });
      el.c("retract", { xmlns: NS_RETRACT, id: String(event.id) });
      el.c("fallback", { xmlns: NS_FALLBACK, for: NS_RETRACT });
      el.c("body").t(RETRACTION_FALLBACK);
      el.c("store", { xmlns: NS_HINTS });
      el.c("deleted", {
        xmlns: NS_MOA_CHAT,
        room: String(event.roomName),
        time: String(event.logTime),
        sender: String(event.senderJid),
      });
      return el.toString();
    }
    case "chat.watch": {
      const room = roomJid(String(event.roomName), domain);
      const el = xml("message", {
        xmlns: NS_CLIENT,
        type: "headline",
        from: room,
        to: session.bare,
      });
      el.c("watch", {
        xmlns: NS_MOA_ROOMS,
        room: String(event.roomName),
        jid: String(event.memberJid),
        time: String(event.watch),
      });
      return el.toString();
    }
    case "presence": {
      const show = String(event.show);
      const el = xml("presence", {
        xmlns: NS_CLIENT,
        from: `${String(event.jid)}/${String(event.target)}`,
        to: session.bare,
        ...(show === "off" ? { type: "unavailable" } : {}),
      });
      if (show === "away" || show === "dnd") el.c("show").t(show);
      el.c("presence", {
        xmlns: NS_MOA_PRESENCE,
        target: String(event.target),
        show,
        "login-time": String(event.loginTime),
      });
      return el.toString();
    }
    case "presence.login": {
      if (event.userId === session.actor.userId) return undefined;
      // "frnd" scope: only users the client shows (it subscribes to friends and room members).
      if (
        session.loginScope === "frnd" &&
        !session.follows(presenceTopic(Number(event.userId)))
      )
        return undefined;
      const el = xml("message", {
        xmlns: NS_CLIENT,
        type: "headline",
        from: String(event.jid),
        to: session.bare,
      });
      el.c("login", {
        xmlns: NS_MOA_PRESENCE,
        jid: String(event.jid),
        target: String(event.target),
        time: String(event.time),
      });
      return el.toString();
    }
    case "user.nickname": {
      const el = xml("message", {
        xmlns: NS_CLIENT,
        type: "headline",
        from: domain,
        to: session.bare,
      });
      el.c("nickname", { xmlns: NS_MOA_USER, jid: session.bare }).t(
        String(event.nickname),
      );
      return el.toString();
    }
    case "workplace.push": {
      const el = xml("message", {
        xmlns: NS_CLIENT,
        type: "headline",
        from: domain,
        to: session.bare,
      });
      el.c("push", { xmlns: NS_MOA_PUSH, type: String(event.type) }).t(
        JSON.stringify(event.payload ?? {}),
      );
      return el.toString();
    }
    default:
      return undefined;
  }
}
