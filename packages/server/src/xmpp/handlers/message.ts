/**
 * Inbound `<message/>`: groupchat to a room JID is a chat message (acknowledged by its reflection, carrying
 * the stanza id, after the archive commit). XEP-0424 `<retract/>` deletes an own message.
 */
import type { Element } from "@xmpp/xml";
import { NS_MOA_CHAT, NS_RETRACT, NS_SID } from "@moa/shared";
import type { ChatServices } from "../../services/chat/chat-services.js";
import { messageElement, sessionDomain } from "../render.js";
import type { Router } from "../router.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { roomNameOf } from "./target.js";

const MAX_ORIGIN_ID = 128;

function optionalTime(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new StanzaError("bad-request", "invalid_input");
  return n;
}

async function handleGroupchat(
  chat: ChatServices,
  session: ChatSession,
  msg: Element,
  roomName: string,
  queued: (() => void) | undefined,
) {
  const retract = msg.getChild("retract", NS_RETRACT);
  if (retract) {
    // XEP-0424: clients name the message by the room's stanza id or by their own origin id.
    const ref = retract.attrs.id as unknown;
    if (typeof ref !== "string" || ref === "")
      throw new StanzaError("bad-request", "invalid_input");
    await chat.messages.retract(session.actor, roomName, ref);
    return;
  }
  const body = msg.getChildText("body");
  if (body === null) return; // chat states and other bodiless messages are not archived
  const originId = msg.getChild("origin-id", NS_SID)?.attrs.id as
    string | undefined;
  if (
    originId !== undefined &&
    (originId === "" || originId.length > MAX_ORIGIN_ID)
  ) {
    throw new StanzaError("bad-request", "invalid_input");
  }
  const reply = msg.getChild("reply", NS_MOA_CHAT);
  const { view, fresh } = await chat.messages.send(session.actor, {
    roomName,
    body,
    originId,
    clientId: msg.attrs.id as string | undefined,
    senderSession: session.id,
    extension: msg.getChild("extensions", NS_MOA_CHAT)?.getText(),
    replyTitle: reply?.attrs.title as string | undefined,
    replyText: reply?.getText(),
    replyTime: optionalTime(reply?.attrs.time),
    onQueued: queued,
  });
  if (!fresh) {
    // A retry of a stored message: answer this resource only, with the stanza id it was stored under.
    const id = (msg.attrs.id as string | undefined) ?? `m${view.id}`;
    session.deliver(
      messageElement(view, sessionDomain(session), session.bare, id).toString(),
    );
  }
}

/**
 * Registers the message handler.
 * @param router the router.
 * @param chat the chat services.
 * @param onOther handles messages that are not groupchat to a room (e.g. nickname change), or undefined.
 * @param onChat handles `type="chat"` messages to a user (1:1, im/one-to-one.ts), or undefined.
 */
export function registerMessages(
  router: Router,
  chat: ChatServices,
  onOther?: (session: ChatSession, msg: Element) => Promise<boolean>,
  onChat?: (
    session: ChatSession,
    msg: Element,
    queued?: () => void,
  ) => Promise<void>,
): void {
  router.message(async (session, msg, queued) => {
    const type = msg.attrs.type as string | undefined;
    if (type === "error") return;
    const roomName = roomNameOf(msg.attrs.to as string | undefined, session);
    if (type === "groupchat" && roomName)
      return handleGroupchat(chat, session, msg, roomName, queued);
    if (type === "chat" && !roomName && onChat)
      return onChat(session, msg, queued);
    if (onOther && (await onOther(session, msg))) return;
    throw new StanzaError("service-unavailable");
  });
}
