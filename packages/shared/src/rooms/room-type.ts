/** Room types (spec §3) and the room-name prefix that encodes each one. */

/** Room type number by name. */
export const ROOM_TYPES = {
  legacy: 0,
  dual: 1,
  group: 2,
  project: 3,
  self: 4,
  news: 9,
} as const;

/** A room type name, e.g. `dual`. */
export type RoomTypeName = keyof typeof ROOM_TYPES;

/** A room type number: 0, 1, 2, 3, 4 or 9. */
export type RoomType = (typeof ROOM_TYPES)[RoomTypeName];

/** Room types that new rooms can have (legacy rooms are only read). */
export type CreatableRoomType = Exclude<RoomType, typeof ROOM_TYPES.legacy>;

/** Room-name prefix by room type; legacy rooms have none. */
export const ROOM_NAME_PREFIXES = {
  [ROOM_TYPES.self]: "s_s_",
  [ROOM_TYPES.dual]: "s_",
  [ROOM_TYPES.project]: "pc_pjt_",
  [ROOM_TYPES.news]: "al_",
  [ROOM_TYPES.group]: "pc_",
} as const satisfies Record<CreatableRoomType, string>;

// Longer prefixes first: "s_s_" also starts with "s_" and "pc_pjt_" with "pc_".
const PREFIX_MATCH_ORDER: readonly CreatableRoomType[] = [
  ROOM_TYPES.self,
  ROOM_TYPES.dual,
  ROOM_TYPES.project,
  ROOM_TYPES.group,
  ROOM_TYPES.news,
];

/**
 * Derives a room's type from its name prefix.
 * @param roomName - the room name (a bare room JID's local part works too).
 * @returns the type; {@link ROOM_TYPES}.legacy when no prefix matches.
 */
export function roomTypeFromName(roomName: string): RoomType {
  return (
    PREFIX_MATCH_ORDER.find((type) =>
      roomName.startsWith(ROOM_NAME_PREFIXES[type]),
    ) ?? ROOM_TYPES.legacy
  );
}

/**
 * Tells whether a room holds many members (group or project): those can be invited into and left with a notice.
 * @param type - the room type.
 * @returns true for group and project rooms.
 */
export function isMultiRoom(type: RoomType): boolean {
  return type === ROOM_TYPES.group || type === ROOM_TYPES.project;
}
