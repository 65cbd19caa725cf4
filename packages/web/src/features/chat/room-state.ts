/**
 * The room list's state and its pure updates (spec §4 Rooms): a loaded list replaces what we had, and each message
 * updates its room's preview and unread count once — a room's message times strictly increase, so a message not
 * newer than the room's last one was already counted (a duplicate or part of the loaded list).
 */
import { ROOM_TYPES, type ContentType, type RoomSortMode } from "@moa/shared";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ChatMessage, Room } from "./chat-types";

export type RoomListState = {
  /** Rooms by name. */
  readonly rooms: ReadonlyMap<string, Room>;
  /** The first room list arrived. */
  readonly loaded: boolean;
  /** The room list could not be loaded (shown instead of an empty list). */
  readonly failed: boolean;
  /** The user's private (self) room setting; off hides the self room. */
  readonly privateRoom: boolean;
  readonly sort: RoomSortMode;
};

/** Content types the server counts as unread when another member sent them (docs/protocol.md §3 MyRoomList). */
const UNREAD_TYPES: readonly ContentType[] = ["TALK", "FILE", "ALROOM"];

/** Creates an empty room list store. */
export function createRoomListStore(): StoreApi<RoomListState> {
  return createStore<RoomListState>(() => ({
    rooms: new Map(),
    loaded: false,
    failed: false,
    privateRoom: true,
    sort: "last",
  }));
}

/**
 * Tells whether a message raises its room's unread count: talk, file and news entries from someone else. Member
 * events (invite, exit, ban, delegate) never do, as the server's MyRoomList count agrees.
 */
export function raisesUnread(message: ChatMessage, ownJid: string): boolean {
  return (
    UNREAD_TYPES.includes(message.contentType) && message.senderJid !== ownJid
  );
}

/** A room the list did not have yet, made from its first message until the next room list fills in the rest. */
function roomFromMessage(message: ChatMessage, ownJid: string): Room {
  const sender = {
    jid: message.senderJid,
    name: message.senderName,
    affiliation: "owner" as const,
  };
  return {
    name: message.roomName,
    jid: message.roomJid,
    type: message.roomType,
    title: "",
    myRoomName: "",
    members: message.senderJid && message.senderJid !== ownJid ? [sender] : [],
    order: null,
    hidden: false,
    alarmBlocked: false,
    watch: 0,
    unreadCount: 0,
    lastMessageTime: 0,
    lastMessage: null,
  };
}

/**
 * Applies one message to the rooms.
 * @param rooms - the current rooms.
 * @param message - the message.
 * @param ownJid - the user's bare JID.
 * @param read - the room is being read (its unread count stays 0).
 * @returns the new rooms, or the same map when the message was already applied.
 */
export function applyMessage(
  rooms: ReadonlyMap<string, Room>,
  message: ChatMessage,
  ownJid: string,
  read = false,
): ReadonlyMap<string, Room> {
  const room = rooms.get(message.roomName) ?? roomFromMessage(message, ownJid);
  if (message.time <= room.lastMessageTime) return rooms;
  const next = new Map(rooms);
  next.set(room.name, {
    ...room,
    // A new message brings back a dual room the user had left (spec §4 Rooms: it clears the leave time).
    hidden: false,
    unreadCount: read
      ? 0
      : room.unreadCount + (raisesUnread(message, ownJid) ? 1 : 0),
    lastMessageTime: message.time,
    lastMessage: {
      text: message.text,
      contentType: message.contentType,
      senderJid: message.senderJid,
      time: message.time,
      deleted: message.deleted,
    },
  });
  return next;
}

/**
 * Applies a read watermark of the user (from any of their devices).
 * @returns the new rooms; the unread count drops to 0 when everything up to the last message is read.
 */
export function applyWatch(
  rooms: ReadonlyMap<string, Room>,
  roomName: string,
  time: number,
): ReadonlyMap<string, Room> {
  const room = rooms.get(roomName);
  if (!room || time <= room.watch) return rooms;
  const next = new Map(rooms);
  next.set(roomName, {
    ...room,
    watch: time,
    unreadCount: time >= room.lastMessageTime ? 0 : room.unreadCount,
  });
  return next;
}

/** Marks a room's last message deleted when it is the one deleted. */
export function applyDeletion(
  rooms: ReadonlyMap<string, Room>,
  roomName: string,
  time: number,
): ReadonlyMap<string, Room> {
  const room = rooms.get(roomName);
  if (room?.lastMessage?.time !== time) return rooms;
  const next = new Map(rooms);
  next.set(roomName, {
    ...room,
    lastMessage: { ...room.lastMessage, text: "", deleted: true },
  });
  return next;
}

/**
 * The rooms the list shows: no hidden (left) dual rooms, and no self room when the private room is off.
 * @returns the visible rooms, unsorted.
 */
export function visibleRooms(state: RoomListState): Room[] {
  return [...state.rooms.values()].filter(
    (room) =>
      !room.hidden && (state.privateRoom || room.type !== ROOM_TYPES.self),
  );
}

/**
 * Changes one room (a pin, the alarm, hiding, the own name); an unknown room leaves the rooms as they are.
 * @returns the new rooms, or the same map when the room is unknown.
 */
export function patchRoom(
  rooms: ReadonlyMap<string, Room>,
  roomName: string,
  patch: Partial<
    Pick<Room, "order" | "alarmBlocked" | "hidden" | "myRoomName">
  >,
): ReadonlyMap<string, Room> {
  const room = rooms.get(roomName);
  if (!room) return rooms;
  const next = new Map(rooms);
  next.set(roomName, { ...room, ...patch });
  return next;
}

/**
 * Adds a room the user just created or reopened. A room already listed keeps what it has; one that only its first
 * message listed (the server's invite notice can arrive before the create answer) gets the title and members.
 */
export function addRoom(
  rooms: ReadonlyMap<string, Room>,
  room: Room,
): ReadonlyMap<string, Room> {
  const known = rooms.get(room.name);
  if (!known) return new Map(rooms).set(room.name, room);
  if (known.title !== "" || known.members.length >= room.members.length)
    return rooms;
  return new Map(rooms).set(room.name, {
    ...known,
    title: room.title,
    members: room.members,
  });
}

/** Drops a room the user left. */
export function removeRoom(
  rooms: ReadonlyMap<string, Room>,
  roomName: string,
): ReadonlyMap<string, Room> {
  if (!rooms.has(roomName)) return rooms;
  const next = new Map(rooms);
  next.delete(roomName);
  return next;
}
