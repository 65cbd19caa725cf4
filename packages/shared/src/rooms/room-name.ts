/** New room names: type prefix + creator's user node + millisecond timestamp, from an injected clock. */

import { assert } from "../assert.js";
import { asRoomName, type RoomName } from "../ids.js";
import { ROOM_NAME_PREFIXES, type CreatableRoomType } from "./room-type.js";

/**
 * Creates the name of a new room.
 * @param type - the new room's type (not legacy).
 * @param userNode - the creator's JID local part, e.g. `hong.corp.com`.
 * @param now - the clock, returning epoch milliseconds (inject `Date.now`).
 * @returns e.g. `pc_hong.corp.com1700000000000` for a group room.
 * @throws {AssertionError} when `userNode` is empty or the clock returns a negative or fractional time.
 */
export function createRoomName(
  type: CreatableRoomType,
  userNode: string,
  now: () => number,
): RoomName {
  assert(userNode !== "", "createRoomName needs the creator's user node");
  const time = now();
  assert(
    Number.isSafeInteger(time) && time >= 0,
    "createRoomName needs an integer epoch-millisecond clock",
  );
  return asRoomName(`${ROOM_NAME_PREFIXES[type]}${userNode}${time}`);
}
