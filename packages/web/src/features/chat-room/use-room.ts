/**
 * The room window's data (spec §4 chat window lifecycle): enter the room through the main window, load the newest
 * history page, then older pages on demand (one at a time, HISTORY_FETCH_GUARD_MS apart), and follow live messages,
 * deletions, read watermarks and member changes. After the main window reconnects the room (members and their read
 * watermarks) and every page the window had loaded are fetched again, so missed messages show without doubles and
 * deletions made meanwhile show too, also in older pages.
 */
import { HISTORY_FETCH_GUARD_MS, type BridgeEvents } from "@moa/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useBridgeEvent, useBridgeRequest } from "../../lib/bridge";
import { markDeleted, mergeMessages, type RoomMessage } from "./room-message";

/** The room as the main window describes it (title, type, alarm, members with their read watermarks). */
export type RoomSnapshot = BridgeEvents["room:initialized"];
type Member = RoomSnapshot["members"][number];

export type RoomState = {
  status: "loading" | "ready" | "failed";
  room: RoomSnapshot | null;
  /** The user's bare JID. */
  ownJid: string;
  messages: readonly RoomMessage[];
  /** The room's first message is loaded (no older history). */
  reachedFirst: boolean;
  loadingOlder: boolean;
  /**
   * The oldest message of the first page shown: rows above it are what later pages prepended, so the list can keep
   * its place (Virtuoso's firstItemIndex).
   */
  anchorKey: string | null;
};

// A catch-up reloads at most this many pages above the newest one (what a user can have scrolled through).
const CATCH_UP_MAX_OLDER_PAGES = 50;

const initial: RoomState = {
  status: "loading",
  room: null,
  ownJid: "",
  messages: [],
  reachedFirst: false,
  loadingOlder: false,
  anchorKey: null,
};

function withWatch(
  members: readonly Member[],
  jid: string,
  watch: string,
): Member[] {
  return members.map((m) =>
    m.jid === jid && Number(watch) > Number(m.watch ?? 0) ? { ...m, watch } : m,
  );
}

export type RoomControls = {
  state: RoomState;
  /** Loads the page before the oldest loaded message; resolves when it is merged (or nothing was due). */
  loadOlder: () => Promise<void>;
  /** Shows a message as deleted right away (the deletion push follows for every member). */
  showDeleted: (messageKey: string) => void;
  /** Changes the shown alarm state. */
  setAlarmOn: (on: boolean) => void;
};

/**
 * Follows one room for its window.
 * @param roomName - the room.
 * @param onLive - called for each live message (after it is added).
 */
export function useRoom(
  roomName: string,
  onLive: (message: RoomMessage) => void,
): RoomControls {
  const enter = useBridgeRequest("room:enter");
  const getMe = useBridgeRequest("me:get");
  const fetchPage = useBridgeRequest("messages:fetch");
  const [state, setState] = useState<RoomState>(initial);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const lastLoadAt = useRef(0);
  const olderInFlight = useRef<Promise<void> | null>(null);

  const loadNewest = useCallback(
    /** @returns the key of the newest page's oldest message (null for an empty room). */
    async (live: { current: boolean }): Promise<string | null> => {
      const [room, me, page] = await Promise.all([
        enter({ roomName }),
        getMe({}),
        fetchPage({ roomName }),
      ]);
      if (!live.current) return null;
      lastLoadAt.current = Date.now();
      setState((s) => ({
        ...s,
        status: "ready",
        room,
        ownJid: me.jid,
        messages: mergeMessages(s.messages, page.messages),
        // A refresh after a reconnect must not forget that older pages were loaded up to the first message.
        reachedFirst: s.reachedFirst || page.reachedFirst,
        anchorKey: s.anchorKey ?? page.messages[0]?.key ?? null,
      }));
      return page.messages[0]?.key ?? null;
    },
    [enter, getMe, fetchPage, roomName],
  );

  /** After a reconnect: the newest page, then the older pages the window had shown, for deletions made meanwhile. */
  const catchUp = useCallback(async () => {
    const live = { current: true };
    const oldestShown = stateRef.current.messages[0]?.key;
    let before = await loadNewest(live);
    for (
      let page = 0;
      page < CATCH_UP_MAX_OLDER_PAGES &&
      before !== null &&
      oldestShown !== undefined &&
      Number(before) > Number(oldestShown);
      page += 1
    ) {
      const older = await fetchPage({ roomName, before });
      setState((s) => ({
        ...s,
        messages: mergeMessages(s.messages, older.messages),
      }));
      before = older.reachedFirst ? null : (older.messages[0]?.key ?? null);
    }
  }, [loadNewest, fetchPage, roomName]);

  useEffect(() => {
    const live = { current: true };
    void (async () => {
      try {
        await loadNewest(live);
      } catch {
        if (live.current) setState((s) => ({ ...s, status: "failed" }));
      }
    })();
    return () => {
      live.current = false;
    };
  }, [loadNewest]);

  const loadOlder = useCallback((): Promise<void> => {
    const s = stateRef.current;
    const oldest = s.messages[0];
    if (olderInFlight.current) return olderInFlight.current;
    if (s.status !== "ready" || s.reachedFirst || !oldest)
      return Promise.resolve();
    const run = async () => {
      // Spec §4 scroll states: no fetch within the guard after the previous load.
      const wait = lastLoadAt.current + HISTORY_FETCH_GUARD_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      setState((prev) => ({ ...prev, loadingOlder: true }));
      try {
        const page = await fetchPage({ roomName, before: oldest.key });
        setState((prev) => ({
          ...prev,
          messages: mergeMessages(prev.messages, page.messages),
          reachedFirst: page.reachedFirst,
          loadingOlder: false,
        }));
      } catch {
        setState((prev) => ({ ...prev, loadingOlder: false }));
      } finally {
        lastLoadAt.current = Date.now();
        olderInFlight.current = null;
      }
    };
    olderInFlight.current = run();
    return olderInFlight.current;
  }, [fetchPage, roomName]);

  useBridgeEvent("message:added", (payload) => {
    if (payload.roomName !== roomName) return;
    setState((s) => ({
      ...s,
      messages: mergeMessages(s.messages, [payload.message]),
      anchorKey: s.anchorKey ?? payload.message.key,
    }));
    onLive(payload.message);
  });
  useBridgeEvent("message:deleted", (payload) => {
    if (payload.roomName !== roomName) return;
    setState((s) => ({
      ...s,
      messages: markDeleted(s.messages, payload.messageKey),
    }));
  });
  useBridgeEvent("room:watch-updated", (payload) => {
    if (payload.roomName !== roomName) return;
    setState((s) =>
      s.room
        ? {
            ...s,
            room: {
              ...s.room,
              members: withWatch(s.room.members, payload.jid, payload.watch),
            },
          }
        : s,
    );
  });
  useBridgeEvent("room:members-updated", (payload) => {
    if (payload.roomName !== roomName) return;
    setState((s) =>
      s.room ? { ...s, room: { ...s.room, members: payload.members } } : s,
    );
  });
  useBridgeEvent("member:presence-updated", ({ jid, presence }) => {
    setState((s) =>
      s.room?.members.some((m) => m.jid === jid)
        ? {
            ...s,
            room: {
              ...s.room,
              members: s.room.members.map((m) =>
                m.jid === jid ? { ...m, presence } : m,
              ),
            },
          }
        : s,
    );
  });
  useBridgeEvent("room:title-changed", (payload) => {
    if (payload.roomName !== roomName) return;
    setState((s) =>
      s.room ? { ...s, room: { ...s.room, title: payload.title } } : s,
    );
  });
  useBridgeEvent("room:caught-up", (payload) => {
    if (payload.roomName !== roomName) return;
    void (async () => {
      try {
        await catchUp();
      } catch {
        // The window keeps what it shows; the next reconnect or message brings the rest.
      }
    })();
  });

  const showDeleted = useCallback((messageKey: string) => {
    setState((s) => ({ ...s, messages: markDeleted(s.messages, messageKey) }));
  }, []);
  const setAlarmOn = useCallback((on: boolean) => {
    setState((s) => (s.room ? { ...s, room: { ...s.room, alarmOn: on } } : s));
  }, []);

  return { state, loadOlder, showDeleted, setAlarmOn };
}
