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
import { PresenceContext, PresenceFollower } from "../presence";
import { useSessionController } from "../session";
import { ChatSync } from "./chat-sync";
import { connectRoomAdmin } from "./room-admin-handlers";
import { sessionRoomAdminDeps } from "./room-admin-session";
import { roomDisplayName } from "./room-display";
import { connectRoomFiles } from "./room-files";
import { loadRoomSort } from "./sort-preference";
import type { RoomListState } from "./room-state";
import { connectRoomWindows, type SearchMessages } from "./room-windows";
import { connectRoomWebhard } from "./room-webhard";
import { fetchMenuFlags } from "../../api/home-api";

/** The window's room list sync (tests provide one over a scripted server). */
export const ChatContext = createContext<ChatSync | null>(null);

/**
 * Starts the room list sync over the session's chat connection and answers room windows.
 * @param search - the message search, which the main window loads on demand.
 */
export function ChatProvider({
  children,
  search,
}: {
  children: ReactNode;
  search: SearchMessages;
}) {
  const session = useSessionController();
  const bridge = useBridge();
  const { t } = useTranslation();
  const [sync] = useState(() => {
    const created = new ChatSync({
      ownJid: () => session.store.getState().user?.messengerId ?? "",
      sendIq: (iq, timeoutMs) => session.sendIq(iq, timeoutMs),
      onMessage: (fn) => session.onMessage(fn),
      onResume: (fn) => session.onResume(fn),
    });
    created.store.setState({ sort: loadRoomSort() });
    return created;
  });
  useEffect(() => sync.start(), [sync]);
  const [presence] = useState(() => new PresenceFollower(session));
  useEffect(() => presence.start(), [presence]);
  useEffect(
    () =>
      connectRoomWindows(
        bridge,
        sync,
        {
          sendIq: (iq, timeoutMs) => session.sendIq(iq, timeoutMs),
          send: (stanza) => session.send(stanza),
          onMessage: (fn) => session.onMessage(fn),
        },
        (room) => roomDisplayName(room, sync.ownJid(), t),
        presence,
        search,
      ),
    [bridge, session, sync, t, presence, search],
  );
  useEffect(
    () =>
      connectRoomFiles(
        bridge,
        sync,
        {
          sendIq: (iq, timeoutMs) => session.sendIq(iq, timeoutMs),
          send: (stanza) => session.send(stanza),
          onMessage: (fn) => session.onMessage(fn),
        },
        (refused) => session.accessToken(refused),
      ),
    [bridge, session, sync],
  );
  useEffect(
    () =>
      connectRoomAdmin(
        bridge,
        sync,
        sessionRoomAdminDeps(
          session,
          {
            sendIq: (iq, timeoutMs) => session.sendIq(iq, timeoutMs),
            send: (stanza) => session.send(stanza),
            onMessage: (fn) => session.onMessage(fn),
          },
          (room) => roomDisplayName(room, sync.ownJid(), t),
          t,
        ),
      ),
    [bridge, session, sync, t],
  );
  useEffect(
    () =>
      connectRoomWebhard(
        bridge,
        sync,
        {
          sendIq: (iq, timeoutMs) => session.sendIq(iq, timeoutMs),
          send: (stanza) => session.send(stanza),
          onMessage: (fn) => session.onMessage(fn),
        },
        {
          api: session.api,
          user: () => session.store.getState().user,
          menuFlags: () => fetchMenuFlags(session.api),
          encryptPassword: (password) => session.encryptPassword(password),
          focusOpenWebhard: () => session.windows?.focusOpen("webhard") ?? null,
          openWebhard: (roomName) =>
            session.windows?.open("webhard", roomName) ?? false,
        },
      ),
    [bridge, session, sync],
  );
  return (
    <ChatContext value={sync}>
      <PresenceContext value={presence}>{children}</PresenceContext>
    </ChatContext>
  );
}

/** The room list sync of this window. */
export function useChatSync(): ChatSync {
  const sync = useContext(ChatContext);
  if (!sync) throw new Error("useChatSync outside ChatProvider");
  return sync;
}

/** The presence follower of a signed-in main window, where lists of people are shown (rooms, friends). */
export function usePresenceFollower(): PresenceFollower {
  const presence = useContext(PresenceContext);
  if (!presence) throw new Error("usePresenceFollower outside ChatProvider");
  return presence;
}

/** A slice of the room list state; re-renders when it changes. */
export function useRoomList<T>(selector: (state: RoomListState) => T): T {
  return useStore(useChatSync().store, selector);
}
