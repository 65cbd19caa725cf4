/** The main window's view of rooms and messages (spec §3 Chat room / Chat message), as the room list needs them. */
import type { Affiliation, ContentType, RoomType } from "@moa/shared";

/** A room member as MyRoomList lists it. */
export type RoomMember = {
  readonly jid: string;
  readonly name: string;
  readonly affiliation: Affiliation;
};

/** The newest message of a room, for the list's preview. */
export type LastMessage = {
  readonly text: string;
  readonly contentType: ContentType;
  readonly senderJid: string;
  readonly time: number;
  readonly deleted: boolean;
};

/** One room of the user's room list. */
export type Room = {
  readonly name: string;
  readonly jid: string;
  readonly type: RoomType;
  readonly title: string;
  /** The user's own name for the room (myRoomName), or "" when not set. */
  readonly myRoomName: string;
  readonly members: readonly RoomMember[];
  /** Pin rank; null when not pinned. */
  readonly order: number | null;
  /** A dual room the user left (leave time set): not shown until a new message arrives. */
  readonly hidden: boolean;
  readonly alarmBlocked: boolean;
  /** The user's read watermark (epoch ms). */
  readonly watch: number;
  readonly unreadCount: number;
  /** Epoch ms of the newest message; 0 when the room has none. */
  readonly lastMessageTime: number;
  readonly lastMessage: LastMessage | null;
};

/** A room message as delivered live or from the archive (docs/protocol.md §2). */
export type ChatMessage = {
  /** The archive id (`stanza-id`), increasing across the server. */
  readonly stanzaId: number;
  readonly roomName: string;
  readonly roomJid: string;
  readonly roomType: RoomType;
  readonly senderJid: string;
  readonly senderName: string;
  /** The spec's message key: log time in epoch ms, strictly increasing per room. */
  readonly time: number;
  readonly contentType: ContentType;
  /** The body (a file name for FILE, the title for ALROOM); "" for room events and tombstones. */
  readonly text: string;
  readonly deleted: boolean;
  readonly long: boolean;
  /** The message it answers (spec §3 replyTitle, replyText, replyTime). */
  readonly reply?: {
    readonly title: string;
    readonly text: string;
    readonly time: number;
  };
  /** The extensions JSON as sent (file data, room event data, news entries). */
  readonly extension?: string;
  /** Name and position of the sender and of the members an event names, kept by the server for former members. */
  readonly people?: readonly Person[];
};

/** Someone a message names, as the server knows them (docs/protocol.md §Messages `<person/>`). */
export type Person = {
  readonly jid: string;
  readonly name: string;
  readonly position: string;
};
