/**
 * Room list ordering (spec §4 Rooms): pinned rooms first, higher pin order first; then last message time
 * descending, or unread count descending with the `notread` sort. Ties fall back to the last message time, then name.
 */

import { assertNever } from "../assert.js";

/** Room list sort modes of the chatting tab's sort menu. */
export const ROOM_SORT_MODES = ["last", "notread"] as const;

/** A room list sort mode. */
export type RoomSortMode = (typeof ROOM_SORT_MODES)[number];

/** What ordering needs to know about a room. */
export type SortableRoom = {
  /** The room name; the final tie-breaker, so the order is stable across renders. */
  readonly name: string;
  /** Pin rank; a number means pinned, null or undefined means not pinned. */
  readonly order?: number | null | undefined;
  /** Last message time in epoch milliseconds; 0 when the room has no message. */
  readonly lastMessageTime: number;
  /** Unread message count. */
  readonly unreadCount: number;
};

/**
 * Tells whether a room is pinned.
 * @param room - the room.
 * @returns true when it has a pin order.
 */
export function isPinned(room: Pick<SortableRoom, "order">): boolean {
  return typeof room.order === "number" && Number.isFinite(room.order);
}

/**
 * Comparator implementing the room list order.
 * @param mode - `last` (by last message time) or `notread` (by unread count).
 * @returns a function for `Array.prototype.sort`: negative when its first room comes first.
 */
export function compareRooms(
  mode: RoomSortMode,
): (a: SortableRoom, b: SortableRoom) => number {
  return (a, b) => {
    const aPinned = isPinned(a);
    const bPinned = isPinned(b);
    if (aPinned !== bPinned) return aPinned ? -1 : 1;
    if (aPinned && bPinned && a.order !== b.order)
      return (b.order ?? 0) - (a.order ?? 0);
    switch (mode) {
      case "last":
        break;
      case "notread":
        if (a.unreadCount !== b.unreadCount)
          return b.unreadCount - a.unreadCount;
        break;
      default:
        return assertNever(mode);
    }
    if (a.lastMessageTime !== b.lastMessageTime)
      return b.lastMessageTime - a.lastMessageTime;
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  };
}

/**
 * Returns the rooms in list order without changing the input.
 * @param rooms - the rooms.
 * @param mode - the sort mode.
 * @returns a new, sorted array.
 */
export function sortRooms<T extends SortableRoom>(
  rooms: readonly T[],
  mode: RoomSortMode,
): T[] {
  return [...rooms].sort(compareRooms(mode));
}

/**
 * Pin order for a room being pinned now, so that it goes to the top of the pinned rooms.
 * @param rooms - the current rooms.
 * @returns one more than the highest pin order, or 1 when nothing is pinned.
 */
export function nextPinOrder(
  rooms: readonly Pick<SortableRoom, "order">[],
): number {
  const orders = rooms.filter(isPinned).map((room) => room.order ?? 0);
  return orders.length === 0 ? 1 : Math.max(...orders) + 1;
}
