/**
 * Domain events the chat services publish on the bus (user topics). Plain JSON, protocol-neutral: the XMPP
 * layer renders them as stanzas for each session.
 */
import type { BusEvent } from "../../bus/bus.js";
import type { ChatPerson } from "../../db/repositories/chat/chat-users.repository.js";

/** A message as members see it. Times are epoch ms. */
export type MessageView = {
  /** Archive id: the XEP-0359 stanza id and the RSM paging key. */
  id: number;
  roomName: string;
  roomType: number;
  senderJid: string;
  senderName: string;
  /** The sender's nick in the room (roomNicks); "" for messages the server made. */
  senderNick: string;
  originId: string;
  /** The client's stanza id, reflected to the sender's resources. */
  clientId?: string | undefined;
  logTime: number;
  /** The whole body ("" when deleted). */
  body: string;
  /** Longer than the preview Moa clients show (LONG_MESSAGE_MAX_LENGTH). */
  isLongMsg: boolean;
  contentType: string;
  extension: string | null;
  replyTitle: string | null;
  replyText: string | null;
  replyTime: number | null;
  deleted: boolean;
  /** When it was deleted (epoch ms), or null. */
  deletedAt: number | null;
  /** Name and position of the sender and of the members a room event names, even those who since left. */
  people: ChatPerson[];
};

export type MessageEvent = BusEvent & {
  kind: "chat.message";
  message: MessageView;
};
export type MessageDeletedEvent = BusEvent & {
  kind: "chat.deleted";
  roomName: string;
  id: number;
  originId: string;
  logTime: number;
  senderJid: string;
  senderNick: string;
};
export type WatchEvent = BusEvent & {
  kind: "chat.watch";
  roomName: string;
  memberJid: string;
  watch: number;
};

export type ChatEvent = MessageEvent | MessageDeletedEvent | WatchEvent;
