/**
 * Whether and how an incoming room message alerts the user (spec §4 Rooms "Incoming message", §4 Lock): a toast, a
 * desktop notification and the chat sound, unless the message is the user's own, its room is being read, the room's
 * alarm is off, it is a news room, or the message is an exit notice or a call; while locked only "something arrived".
 */

import { ROOM_TYPES, type RoomType } from "../rooms/room-type.js";

/** What decides a message's alert. */
export type ChatAlertInput = {
  /** The message's content type; call types and anything unknown never alert. */
  readonly contentType: string;
  readonly senderJid: string;
  /** The user's bare JID. */
  readonly ownJid: string;
  readonly roomType: RoomType;
  /** The room's alarm is off (blockedAlarms). */
  readonly alarmBlocked: boolean;
  /** A window of the room has the focus: the user reads it as it arrives. */
  readonly roomFocused: boolean;
  /** The app is locked. */
  readonly locked: boolean;
};

/**
 * How to alert: `none`; `arrived` — only a desktop notification that says a message arrived, with no sender or text
 * (the app is locked); `full` — toast and desktop notification with sender and text, and the chat sound.
 */
export type ChatAlert = "none" | "arrived" | "full";

// Talk, files and member events other than an exit; the server's call notices are not content types and stay silent.
const ALERTING_TYPES: readonly string[] = [
  "TALK",
  "FILE",
  "INVITE",
  "BAN",
  "DELEGATE",
];

/**
 * Decides a message's alert.
 * @param input - the message, its room and the app's state.
 * @returns `none`, `arrived` (locked) or `full`.
 */
export function chatAlertFor(input: ChatAlertInput): ChatAlert {
  if (input.senderJid === input.ownJid) return "none";
  if (input.roomFocused) return "none";
  if (input.alarmBlocked || input.roomType === ROOM_TYPES.news) return "none";
  if (!ALERTING_TYPES.includes(input.contentType)) return "none";
  return input.locked ? "arrived" : "full";
}
