/**
 * 1:1 chat (RFC 6121 §5): a `type="chat"` message to a colleague's bare JID is a message of the dual room of the two
 * (spec §3; created on the first message), stored and delivered like any room message. Moa clients get it as the
 * dual room's groupchat delivery; stock clients get `type="chat"` from the other person, and their other resources
 * that enabled carbons (XEP-0280) a `<sent/>` copy of what they sent.
 */
import { randomUUID } from "node:crypto";
import xml, { type Element } from "@xmpp/xml";
import {
  NS_CLIENT,
  NS_FORWARD,
  NS_RETRACT,
  NS_SID,
  ROOM_TYPES,
  roomTypeFromName,
} from "@moa/shared";
import type { BusEvent } from "../../bus/bus.js";
import { findRoomByExactMembers } from "../../db/repositories/chat/chat-rooms.repository.js";
import type { MessageView } from "../../services/chat/events.js";
import { roomNameOf } from "../handlers/target.js";
import { mamResult, mamWrapper } from "../render.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { colleagueOf, type ImDeps } from "./colleagues.js";
import { enqueue, imState, isMoaSession } from "./im-session.js";
import { NS_CARBONS } from "./namespaces.js";

const MAX_ORIGIN_ID = 128;
/** Origin ids remembered per session while their copies travel back (a retry of a stored message sends none). */
const MAX_SENDING = 256;

/**
 * Handles an inbound `type="chat"` message to a user JID.
 * @param deps the IM dependencies.
 * @param session the sender.
 * @param msg the message.
 * @param queued called once the message is queued for the archive.
 * @throws StanzaError as colleagueOf; bad-request/invalid_input for a bad origin id; the chat service's errors.
 */
export async function sendChat(
  deps: ImDeps,
  session: ChatSession,
  msg: Element,
  queued?: () => void,
): Promise<void> {
  const retract = msg.getChild("retract", NS_RETRACT);
  if (retract) return retractChat(deps, session, msg, retract);
  const body = msg.getChildText("body");
  // Chat states, receipts and markers carry no body: nothing to archive or relay.
  if (body === null) return;
  const colleague = await colleagueOf(
    deps,
    session,
    msg.attrs.to as string | undefined,
  );
  const given = msg.getChild("origin-id", NS_SID)?.attrs.id as
    string | undefined;
  if (given !== undefined && (given === "" || given.length > MAX_ORIGIN_ID))
    throw new StanzaError("bad-request", "invalid_input");
  const originId = given ?? randomUUID();
  const room = await deps.chat.rooms.create(session.actor, {
    type: ROOM_TYPES.dual,
    memberJids: [colleague.jid],
  });
  // 1:1 has no reflection: the sending resource knows what it sent, and its SM ack follows the commit. Its copy
  // is recognised by the origin id when it comes back over the bus (possibly after send returns, from Redis).
  const sending = imState(session).sending;
  sending.add(originId);
  if (sending.size > MAX_SENDING) {
    const oldest = sending.values().next().value;
    if (oldest !== undefined) sending.delete(oldest);
  }
  try {
    await deps.chat.messages.send(session.actor, {
      roomName: room.name,
      body,
      originId,
      clientId: msg.attrs.id as string | undefined,
      senderSession: session.id,
      onQueued: queued,
    });
  } catch (err) {
    sending.delete(originId);
    throw err;
  }
}

/**
 * XEP-0424 in 1:1: the sender retracts an own message by its origin id (or stanza id); the rules of a room deletion
 * apply (own message, within 5 minutes). The fallback body such a message carries is not stored.
 * @throws StanzaError item-not-found/message_not_found, not-allowed/delete_window_passed, as colleagueOf.
 */
async function retractChat(
  deps: ImDeps,
  session: ChatSession,
  msg: Element,
  retract: Element,
): Promise<void> {
  const originId = retract.attrs.id as string | undefined;
  if (!originId) throw new StanzaError("bad-request", "invalid_input");
  const { roomName } = await dualRoomWith(deps, session, String(msg.attrs.to));
  if (!roomName) throw new StanzaError("item-not-found", "message_not_found");
  await deps.chat.messages.retract(session.actor, roomName, originId);
}

/**
 * The 1:1 form of a dual-room message for one reader: from the sender's bare JID to the other member, with the
 * archive id in the reader's own archive (XEP-0359 `by` = the reader's bare JID).
 * @param m the message.
 * @param reader the reader's bare JID.
 * @param peer the other member's bare JID.
 * @param id the stanza id attribute.
 * @returns the message element.
 */
export function chatElement(
  m: MessageView,
  reader: string,
  peer: string,
  id: string,
): Element {
  const fromMe = m.senderJid === reader;
  const el = xml("message", {
    xmlns: NS_CLIENT,
    type: "chat",
    from: m.senderJid,
    to: fromMe ? peer : reader,
    id,
  });
  if (!m.deleted) el.c("body").t(m.body);
  el.c("stanza-id", { xmlns: NS_SID, id: String(m.id), by: reader });
  el.c("origin-id", { xmlns: NS_SID, id: m.originId });
  return el;
}

async function peerOf(
  deps: ImDeps,
  session: ChatSession,
  m: MessageView,
): Promise<string | undefined> {
  const { members } = await deps.chat.rooms.members(session.actor, m.roomName);
  return members.find((p) => p.jid.toLowerCase() !== session.bare)?.jid;
}

/**
 * Delivers a dual-room message to a stock session as RFC 6121 chat: the colleague's message as is, the user's own
 * as a carbon to the other resources that enabled carbons; nothing to the resource that sent it. Moa sessions, other
 * rooms, room events and tombstones are left to the room delivery (returns false).
 * @param deps the IM dependencies.
 * @param session the receiving session.
 * @param m the message.
 * @returns whether the message was taken over (true) or should be rendered as a room message (false).
 */
export function deliverChat(
  deps: ImDeps,
  session: ChatSession,
  m: MessageView,
): boolean {
  if (m.roomType !== ROOM_TYPES.dual || isMoaSession(session)) return false;
  if (m.deleted || m.body === "") return true;
  const state = imState(session);
  const own = m.senderJid === session.bare;
  if (own && state.sending.delete(m.originId)) return true;
  if (own && !state.carbons) return true;
  enqueue(
    session,
    async () => {
      if (!own)
        return [
          chatElement(m, session.bare, m.senderJid, `m${m.id}`).toString(),
        ];
      const peer = await peerOf(deps, session, m);
      if (!peer) return [];
      const carbon = xml(
        "message",
        { xmlns: NS_CLIENT, type: "chat", from: session.bare, to: session.jid },
        xml(
          "sent",
          { xmlns: NS_CARBONS },
          xml(
            "forwarded",
            { xmlns: NS_FORWARD },
            chatElement(m, session.bare, peer, m.clientId ?? `m${m.id}`),
          ),
        ),
      );
      return [carbon.toString()];
    },
    (err) =>
      deps.logger.error({ err, jid: session.jid }, "1:1 delivery failed"),
  );
  return true;
}

/**
 * The dual room of the reader and a colleague, for a MAM query of the reader's own archive `with` that colleague.
 * @param deps the IM dependencies.
 * @param session the reader.
 * @param withJid the `with` field.
 * @returns the room name, or null when the two never chatted.
 * @throws StanzaError as colleagueOf.
 */
export async function dualRoomWith(
  deps: ImDeps,
  session: ChatSession,
  withJid: string,
): Promise<{ roomName: string | null; peer: string }> {
  const colleague = await colleagueOf(deps, session, withJid);
  const room = await findRoomByExactMembers(deps.db, ROOM_TYPES.dual, [
    session.actor.userId,
    colleague.id,
  ]);
  return { roomName: room?.name ?? null, peer: colleague.jid };
}

/**
 * A MAM result (XEP-0313 §4.1.2) of the user archive holding a 1:1 message.
 * @param m the archived message.
 * @param session the reader.
 * @param peer the colleague.
 * @param queryId the client's query id.
 * @returns the serialised stanza.
 */
export function chatMamResult(
  m: MessageView,
  session: ChatSession,
  peer: string,
  queryId: string | undefined,
): string {
  return mamWrapper(
    m,
    session,
    queryId,
    session.bare,
    chatElement(m, session.bare, peer, `m${m.id}`),
  );
}

/** How a query of the user's own archive is answered, when the IM part takes it over. */
export type UserArchive = {
  /** The room to read; undefined: every room of the user. */
  roomName: string | undefined;
  render: (m: MessageView, queryId: string | undefined) => Promise<string>;
};

/**
 * The IM part of MAM queries of the user's own archive: `with` a colleague reads the dual room of the two as 1:1
 * messages; a stock client's query without `with` gets dual-room messages as 1:1 messages too (its catch-up), other
 * rooms as room messages. Moa clients and `with` a room are left to the room archive (undefined).
 * @param deps the IM dependencies.
 * @returns the function mam.ts calls; null from it means the two never chatted (an empty page).
 */
export function userArchive(
  deps: ImDeps,
): (
  session: ChatSession,
  withJid: string | undefined,
) => Promise<UserArchive | null | undefined> {
  return async (session, withJid) => {
    if (withJid !== undefined && withJid !== "") {
      if (roomNameOf(withJid, session) !== undefined) return undefined;
      const { roomName, peer } = await dualRoomWith(deps, session, withJid);
      if (roomName === null) return null;
      return {
        roomName,
        render: (m, queryId) =>
          Promise.resolve(chatMamResult(m, session, peer, queryId)),
      };
    }
    if (isMoaSession(session)) return undefined;
    const peers = new Map<string, string | undefined>();
    return {
      roomName: undefined,
      render: async (m, queryId) => {
        if (m.roomType !== ROOM_TYPES.dual)
          return mamResult(m, session, queryId, session.bare);
        if (!peers.has(m.roomName))
          peers.set(m.roomName, await peerOf(deps, session, m));
        const peer = peers.get(m.roomName);
        return peer
          ? chatMamResult(m, session, peer, queryId)
          : mamResult(m, session, queryId, session.bare);
      },
    };
  };
}

/**
 * A dual-room retraction for a stock session: XEP-0424 in 1:1 names the message by its origin id.
 * @param session the receiving session.
 * @param event the chat.deleted event.
 * @returns the stanza; null for the user's own messages (nothing to send); undefined for other rooms and Moa
 *   sessions (rendered as room retractions).
 */
export function chatRetraction(
  session: ChatSession,
  event: BusEvent,
): string | null | undefined {
  if (
    isMoaSession(session) ||
    roomTypeFromName(String(event.roomName)) !== ROOM_TYPES.dual
  )
    return undefined;
  // The user's own retraction: their stock resources got no copy of the message either (no reflection in 1:1).
  if (event.senderJid === session.bare) return null;
  return xml(
    "message",
    {
      xmlns: NS_CLIENT,
      type: "chat",
      from: String(event.senderJid),
      to: session.bare,
    },
    xml("retract", { xmlns: NS_RETRACT, id: String(event.originId) }),
  ).toString();
}
