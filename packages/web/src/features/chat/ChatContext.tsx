/** The main window's room list sync in React: created once per signed-in main window, read through hooks. */
import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { useBridge } from "../../lib/bridge";
import { useSessionController } from "../session";
import { ChatSync } from "./chat-sync";
import { roomDisplayName } from "./room-display";
import type { RoomListState } from "./room-state";
import { connectRoomWindows } from "./room-windows";

/** The window's room list sync (tests provide one over a scripted server). */
export const ChatContext = createContext<ChatSync | null>(null);

/** Starts the room list sync over the session's chat connection and answers room windows. */
export function ChatProvider({ children }: { children: ReactNode }) {
  const session = useSessionController();
  const bridge = useBridge();
  const { t } = useTranslation();
  const [sync] = useState(
    () =>
      new ChatSync({
        ownJid: () => session.store.getState().user?.messengerId ?? "",
        sendIq: (iq, timeoutMs) => session.sendIq(iq, timeoutMs),
        onMessage: (fn) => session.onMessage(fn),
        onResume: (fn) => session.onResume(fn),
      }),
  );
  useEffect(() => sync.start(), [sync]);
  useEffect(
    () =>
      connectRoomWindows(bridge, sync, (room) =>
        roomDisplayName(room, sync.ownJid(), t),
      ),
    [bridge, sync, t],
  );
  return <ChatContext value={sync}>{children}</ChatContext>;
}

/** The room list sync of this window. */
export function useChatSync(): ChatSync {
  const sync = useContext(ChatContext);
  if (!sync) throw new Error("useChatSync outside ChatProvider");
  return sync;
}

/** A slice of the room list state; re-renders when it changes. */
export function useRoomList<T>(selector: (state: RoomListState) => T): T {
  return useStore(useChatSync().store, selector);
}
