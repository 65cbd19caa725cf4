/** The room commands of this window's room list sync. */
import { useMemo } from "react";
import { useChatSync } from "./ChatContext";
import { RoomCommands } from "./room-commands";

/** The window's {@link RoomCommands}. */
export function useRoomCommands(): RoomCommands {
  const sync = useChatSync();
  return useMemo(() => new RoomCommands(sync), [sync]);
}
