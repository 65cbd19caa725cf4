/** The chatting tab's sort mode (last, notread), kept in local storage so it survives a reload or a new login. */
import { ROOM_SORT_MODES, type RoomSortMode } from "@moa/shared";
import { z } from "zod";
import { readStored, writeStored } from "../../platform";

const KEY = "moa.chat.sort";
const sortSchema = z.enum(ROOM_SORT_MODES);

/** The stored sort mode; `last` when none is stored. */
export function loadRoomSort(): RoomSortMode {
  return readStored(KEY, sortSchema) ?? "last";
}

/** Keeps the sort mode the user chose. */
export function saveRoomSort(mode: RoomSortMode): void {
  writeStored(KEY, mode);
}
