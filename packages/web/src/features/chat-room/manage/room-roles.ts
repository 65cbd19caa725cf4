/**
 * Who may do what in a room window's management menus (spec §2.11, §5, §6): the menu items per room type, the chief
 * of a project room, and the invite and leave rules the window checks before asking the main window (the server
 * checks them again).
 */
import {
  isMultiRoom,
  isNormalMember,
  ROOM_TYPES,
  type BridgeEvents,
} from "@moa/shared";

type Room = BridgeEvents["room:initialized"];

/** An item of the room window's header menu. */
export type RoomMenuItem = "settings" | "members" | "saveChat" | "leave";

/**
 * The header menu's items: none in a news room; no leave in the user's own self room.
 * @param roomType - the room's type.
 * @returns the items in menu order.
 */
export function roomMenuItems(roomType: Room["roomType"]): RoomMenuItem[] {
  if (roomType === ROOM_TYPES.news) return [];
  const items: RoomMenuItem[] = ["settings", "members", "saveChat"];
  if (roomType !== ROOM_TYPES.self) items.push("leave");
  return items;
}

/**
 * Tells whether the user is the room's chief (room manager): the owner of a project room (spec §6).
 * @param room - the room.
 * @param ownJid - the user's bare JID.
 */
export function isChief(room: Room, ownJid: string): boolean {
  return (
    room.roomType === ROOM_TYPES.project &&
    room.members.some((m) => m.jid === ownJid && m.affiliation === "owner")
  );
}

/** Whether the user may invite here: not in a self or news room; in a project room only the chief (spec §5). */
export function inviteRule(
  room: Room,
  ownJid: string,
): "hidden" | "chiefOnly" | "allowed" {
  if (room.roomType === ROOM_TYPES.self || room.roomType === ROOM_TYPES.news)
    return "hidden";
  if (room.roomType === ROOM_TYPES.project && !isChief(room, ownJid))
    return "chiefOnly";
  return "allowed";
}

/** Inviting from this room creates a new room with everyone, so the user picks its type and title (spec §4). */
export function invitesIntoNewRoom(roomType: Room["roomType"]): boolean {
  return !isMultiRoom(roomType);
}

/**
 * The chief of a project room cannot leave while other members remain (spec §5).
 * @returns true when leaving must be refused with the spec's message.
 */
export function mustStayAsChief(room: Room, ownJid: string): boolean {
  return (
    isChief(room, ownJid) &&
    room.members.some((m) => m.jid !== ownJid && isNormalMember(m))
  );
}
