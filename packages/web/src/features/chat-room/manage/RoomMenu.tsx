/**
 * The room window's header menu (spec §2.11): room settings, members, leave room (not in the own self room);
 * none in a news room.
 */
import type { BridgeEvents } from "@moa/shared";

export type RoomMenuProps = { room: BridgeEvents["room:initialized"] };

export function RoomMenu(_props: RoomMenuProps) {
  return null;
}
