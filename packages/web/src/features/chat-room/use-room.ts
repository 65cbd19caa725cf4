/**
 * The room window's data (spec §4 chat window lifecycle): enter the room through the main window, load the newest
 * history page, then older pages on demand (one at a time, HISTORY_FETCH_GUARD_MS apart), and follow live messages,
 * deletions, read watermarks and member changes. After the main window reconnects the room (members and their read
 * watermarks) and every page the window had loaded are fetched again, so missed messages show without doubles and
 * deletions made meanwhile show too, also in older pages.
 *
 * A window opened at a message (a search result, issue #18) loads the pages around it instead and then newer pages as
 * the list reaches its bottom; live messages wait until those reach the newest message, so the list never shows a
 * gap, and nothing is lost: a message archived meanwhile is in a later page or among the waiting ones (each key once).
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
  /** The room's newest message is loaded (false while a window opened at an older message loads forward). */
  reachedLast: boolean;
  loadingOlder: boolean;
  /** The message the window was opened or searched at; null for none. */
  foundKey: string | null;
  /** Counts the times the list was replaced by the history around a message (the list view starts anew). */
  generation: number;
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
  reachedLast: true,
  loadingOlder: false,
  foundKey: null,
  generation: 0,
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
  /** Loads the page after the given (newest shown) message while the newest of the room is not loaded. */
  loadNewer: (newestKey: string) => Promise<void>;
  /** Replaces the list with the history around a message and marks it (Ctrl+F found it in older history). */
  showAround: (messageKey: string) => Promise<void>;
  /** Shows a message as deleted right away (the deletion push follows for every member). */
  showDeleted: (messageKey: string) => void;
  /** Changes the shown alarm state. */
  setAlarmOn: (on: boolean) => void;
};

/**
 * Follows one room for its window.
 * @param roomName - the room.
 * @param onLive - called for each live message (after it is added, or set aside until the newest is loaded).
 * @param at - the key of the message to open the window at; null for the newest page.
 */
export function useRoom(
  roomName: string,
  onLive: (message: RoomMessage) => void,
  at: string | null = null,
): RoomControls {
  const enter = useBridgeRequest("room:enter");
  const getMe = useBridgeRequest("me:get");
  const fetchPage = useBridgeRequest("messages:fetch");
  const [state, setState] = useState<RoomState>(() => ({
    ...initial,
    reachedLast: at === null,
  }));
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const lastLoadAt = useRef(0);
  const olderInFlight = useRef<Promise<void> | null>(null);
  const newerInFlight = useRef<Promise<void> | null>(null);
  // Live messages that arrived while the newest page was not loaded yet, or while the list is being replaced.
  const waitingLive = useRef<RoomMessage[]>([]);
  const replacing = useRef(false);
  // Whether live messages join the list: set with the state, before it renders (the next message may come first).
  const followsLive = useRef(at === null);

  /** The pages on both sides of a message: the one ending with it and the one after it. */
  const fetchAround = useCallback(
    async (messageKey: string) => {
      const [older, newer] = await Promise.all([
        fetchPage({ roomName, before: String(Number(messageKey) + 1) }),
        fetchPage({ roomName, after: messageKey }),
      ]);
      const reachedLast = newer.reachedLast ?? true;
      followsLive.current = reachedLast;
      const waiting = reachedLast ? waitingLive.current.splice(0) : [];
      return {
        messages: mergeMessages(
          mergeMessages(older.messages, newer.messages),
          waiting,
        ),
        reachedFirst: older.reachedFirst,
        reachedLast,
      };
    },
    [fetchPage, roomName],
  );

  const loadAround = useCallback(
    async (live: { current: boolean }, messageKey: string): Promise<void> => {
      const [room, me, around] = await Promise.all([
        enter({ roomName }),
        getMe({}),
        fetchAround(messageKey),
      ]);
      if (!live.current) return;
      lastLoadAt.current = Date.now();
      setState((s) => ({
        ...s,
        status: "ready",
        room,
        ownJid: me.jid,
        ...around,
        foundKey: messageKey,
        anchorKey: around.messages[0]?.key ?? null,
      }));
    },
    [enter, getMe, fetchAround, roomName],
  );

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
    // Still loading forward from an older message: the coming pages bring what was missed.
    if (!followsLive.current) return;
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
        if (at === null) await loadNewest(live);
        else await loadAround(live, at);
      } catch {
        if (live.current) setState((s) => ({ ...s, status: "failed" }));
      }
    })();
    return () => {
      live.current = false;
    };
  }, [loadNewest, loadAround, at]);

  const loadNewer = useCallback(
    (newestKey: string): Promise<void> => {
      if (newerInFlight.current) return newerInFlight.current;
      // The list's callbacks run before this hook's state ref catches up: the caller names the newest row it shows.
      if (followsLive.current) return Promise.resolve();
      const run = async () => {
        try {
          const page = await fetchPage({ roomName, after: newestKey });
          const reachedLast = page.reachedLast ?? true;
          followsLive.current = reachedLast;
          const waiting = reachedLast ? waitingLive.current.splice(0) : [];
          setState((prev) => ({
            ...prev,
            messages: mergeMessages(
              mergeMessages(prev.messages, page.messages),
              waiting,
            ),
            reachedLast,
          }));
        } catch {
          // The next time the bottom is reached asks again.
        } finally {
          newerInFlight.current = null;
        }
      };
      newerInFlight.current = run();
      return newerInFlight.current;
    },
    [fetchPage, roomName],
  );

  const showAround = useCallback(
    async (messageKey: string): Promise<void> => {
      replacing.current = true;
      let around;
      try {
        around = await fetchAround(messageKey);
      } catch (err) {
        // The list stays: what came meanwhile joins it if it follows live messages.
        const waiting = followsLive.current
          ? waitingLive.current.splice(0)
          : [];
        setState((s) => ({
          ...s,
          messages: mergeMessages(s.messages, waiting),
        }));
        throw err;
      } finally {
        replacing.current = false;
      }
      lastLoadAt.current = Date.now();
      setState((s) => ({
        ...s,
        ...around,
        // Pages fetched before a reconnect must not come back: the list starts anew around the message.
        foundKey: messageKey,
        generation: s.generation + 1,
        anchorKey: around.messages[0]?.key ?? null,
      }));
    },
    [fetchAround],
  );

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
    if (!followsLive.current || replacing.current) {
      waitingLive.current.push(payload.message);
      onLive(payload.message);
      return;
    }
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

  return { state, loadOlder, loadNewer, showAround, showDeleted, setAlarmOn };
}
