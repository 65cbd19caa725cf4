/**
 * What the room list shows for a room: its name (own name for it, title, or the other members), the last message
 * preview (trimmed to 15 characters; room events and deleted messages as short notices) and the sorted, searched list.
 */
import {
  compareRooms,
  matchesName,
  ROOM_TYPES,
  trimLastMessage,
  type RoomSortMode,
} from "@moa/shared";
import type { TFunction } from "i18next";
import type { LastMessage, Room } from "./chat-types";

/**
 * The name a room is listed under.
 * @param room - the room.
 * @param ownJid - the user's bare JID (left out of member-name titles).
 * @param t - translations, for the self and news rooms and rooms without anyone else.
 */
export function roomDisplayName(
  room: Room,
  ownJid: string,
  t: TFunction,
): string {
  if (room.myRoomName) return room.myRoomName;
  if (room.type === ROOM_TYPES.self) return t("chat.room.selfName");
  if (room.title) return room.title;
  if (room.type === ROOM_TYPES.news) return t("chat.room.newsName");
  const others = room.members
    .filter((m) => m.jid !== ownJid && m.affiliation !== "none")
    .map((m) => m.name)
    .filter((name) => name !== "");
  return others.length > 0 ? others.join(", ") : t("chat.room.noMembers");
}

/** The list's preview of a room's last message, trimmed. */
export function lastMessagePreview(room: Room, t: TFunction): string {
  return room.lastMessage ? messagePreview(room.lastMessage, t) : "";
}

/** A message as a one-line, trimmed preview (the room list, the new-message toast). */
export function messagePreview(
  last: Pick<LastMessage, "text" | "contentType" | "deleted">,
  t: TFunction,
): string {
  if (last.deleted) return t("chat.last.deleted");
  switch (last.contentType) {
    case "TALK":
    case "ALROOM":
      return trimLastMessage(last.text);
    case "FILE":
      return trimLastMessage(t("chat.last.file", { name: last.text }));
    case "INVITE":
      return t("chat.last.invite");
    case "EXIT":
      return t("chat.last.exit");
    case "BAN":
      return t("chat.last.ban");
    case "DELEGATE":
      return t("chat.last.delegate");
  }
}

/** A room as a list row shows it. */
export type RoomRowData = { room: Room; displayName: string };

/**
 * The rows of the chatting tab: visible rooms named, filtered by the search text (a substring of the room's name or of
 * a participant's name, case-insensitive — the search box promises "participants"; blank text shows all) and sorted
 * (pinned first, then last message time or unread count).
 */
export function roomRows(
  rooms: readonly Room[],
  opts: { ownJid: string; search: string; sort: RoomSortMode; t: TFunction },
): RoomRowData[] {
  const named = rooms.map((room) => ({
    room,
    displayName: roomDisplayName(room, opts.ownJid, opts.t),
  }));
  const matching = named.filter(
    (row) =>
      matchesName(row.displayName, opts.search) ||
      row.room.members.some(
        (m) => m.jid !== opts.ownJid && matchesName(m.name, opts.search),
      ),
  );
  const compare = compareRooms(opts.sort);
  return matching.sort((a, b) => compare(a.room, b.room));
}
