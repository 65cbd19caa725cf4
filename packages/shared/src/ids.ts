/** Branded id and time types, so a room name cannot be passed where a user id is expected. */

declare const brand: unique symbol;

/**
 * A nominal variant of `T`: values only come from the constructor functions below or a schema.
 * @typeParam T - the underlying type.
 * @typeParam B - the brand name.
 */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A user's id (the groupware login id, e.g. `hong`). */
export type UserId = Brand<string, "UserId">;
/** A chat room's name, e.g. `pc_hong.corp1700000000000` (see rooms/room-name). */
export type RoomName = Brand<string, "RoomName">;
/** An organisation department's key. */
export type DepartmentKey = Brand<string, "DepartmentKey">;
/** A 15-digit zero-padded millisecond timestamp string (see format/timestamp). */
export type Timestamp = Brand<string, "Timestamp">;

/**
 * Brands a string as a user id (at a trust edge, after validation).
 * @param value - the raw id.
 * @returns the same string, typed as {@link UserId}.
 */
export function asUserId(value: string): UserId {
  return value as UserId;
}

/**
 * Brands a string as a room name (at a trust edge, after validation).
 * @param value - the raw room name.
 * @returns the same string, typed as {@link RoomName}.
 */
export function asRoomName(value: string): RoomName {
  return value as RoomName;
}

/**
 * Brands a string as a department key (at a trust edge, after validation).
 * @param value - the raw key.
 * @returns the same string, typed as {@link DepartmentKey}.
 */
export function asDepartmentKey(value: string): DepartmentKey {
  return value as DepartmentKey;
}
