/**
 * Keeps the room list in step with the server (spec §4 "on a reconnect … room lists are reloaded"): loads MyRoomList
 * after login and on every reconnect, applies live messages, and after a reconnect catches up through MAM from the
 * last archive id seen (docs/protocol.md §4), so nothing is missing or counted twice.
 */
import { HISTORY_PAGE_SIZE, ROOM_LIST_QUERY_TIMEOUT_MS } from "@moa/shared";
import type { StoreApi } from "zustand/vanilla";
import type { ChatMessage } from "./chat-types";
import {
  applyDeletion,
  applyMessage,
  applyWatch,
  createRoomListStore,
  type RoomListState,
} from "./room-state";
import {
  archiveQuery,
  parseArchiveFin,
  parseArchiveResult,
  parseDeletion,
  parseRoomList,
  parseRoomMessage,
  parseWatchPush,
  roomListQuery,
  watchQuery,
} from "./stanzas";

/** What the sync needs from the session; the session controller provides it, tests a scripted server. */
export type ChatTransport = {
  /** The user's bare JID. */
  ownJid(): string;
  sendIq(iq: Element, timeoutMs: number): Promise<Element>;
  onMessage(fn: (message: Element) => void): () => void;
  /** Runs `fn` after every reconnect. */
  onResume(fn: () => void): () => void;
};

// A catch-up longer than this many pages stops; the reloaded room list already has the right counts.
const CATCH_UP_MAX_PAGES = 20;
// Ids remembered against doubles: far more than a catch-up (20 pages of 100) can bring at once.
const SEEN_IDS_KEPT = 5000;
// A room a reload did not list yet (created after the list was read) is listed from its message and completed by
// another reload this long after (a burst reloads once).
const UNKNOWN_ROOM_RELOAD_MS = 300;
// A reload or catch-up that failed (e.g. a server still starting after a restart answers too late) is tried again
// after this long, doubling up to the cap, so what was sent during an outage is never left out until the next one.
const RESYNC_FIRST_DELAY_MS = 1000;
const RESYNC_MAX_DELAY_MS = 30_000;

/** A push about a room that room windows follow: a member's read watermark, or a deleted message. */
export type RoomPush =
  | { kind: "watch"; roomName: string; jid: string; time: number }
  | { kind: "deleted"; roomName: string; time: number };

export class ChatSync {
  readonly store: StoreApi<RoomListState> = createRoomListStore();
  private lastStanzaId = 0;
  /** The newest archive id at login is known (0 when the user had no message at all). */
  private baselineLoaded = false;
  private syncing = false;
  private again: { catchUp: boolean } | null = null;
  private queued: ChatMessage[] = [];
  private readonly archive = new Map<string, ChatMessage[]>();
  /** Archive ids applied lately (insertion order), so a stanza delivered twice is handled once. */
  private readonly seen = new Set<number>();
  private querySeq = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  private resyncTimer: ReturnType<typeof setTimeout> | null = null;
  private resyncDelay = RESYNC_FIRST_DELAY_MS;
  private readonly messageListeners = new Set<(m: ChatMessage) => void>();
  private readonly pushListeners = new Set<(push: RoomPush) => void>();
  private readonly caughtUpListeners = new Set<() => void>();

  constructor(private readonly transport: ChatTransport) {}

  /** The user's bare JID. */
  ownJid(): string {
    return this.transport.ownJid();
  }

  /**
   * Starts listening and loads the room list.
   * @returns stops listening.
   */
  start(): () => void {
    const offMessage = this.transport.onMessage((el) => {
      this.onStanza(el);
    });
    const offResume = this.transport.onResume(() => {
      void this.sync(true);
    });
    void this.sync(false);
    return () => {
      offMessage();
      offResume();
      if (this.reloadTimer) clearTimeout(this.reloadTimer);
      this.reloadTimer = null;
      if (this.resyncTimer) clearTimeout(this.resyncTimer);
      this.resyncTimer = null;
    };
  }

  /**
   * Sends a query over the session's chat connection (room commands: pins, alarms, create, leave).
   * @returns the answer; rejects on an error answer or a timeout.
   */
  request(iq: Element, timeoutMs: number): Promise<Element> {
    return this.transport.sendIq(iq, timeoutMs);
  }

  /** Loads the room list again (the list's retry button). */
  reload(): Promise<void> {
    return this.sync(false);
  }

  /** Listens to every new message, live or caught up, each once; returns the unsubscribe function. */
  onNewMessage(fn: (message: ChatMessage) => void): () => void {
    this.messageListeners.add(fn);
    return () => {
      this.messageListeners.delete(fn);
    };
  }

  /** Listens to watermark and deletion pushes of every room; returns the unsubscribe function. */
  onRoomPush(fn: (push: RoomPush) => void): () => void {
    this.pushListeners.add(fn);
    return () => {
      this.pushListeners.delete(fn);
    };
  }

  /** Runs `fn` after each reconnect's reload and catch-up; returns the unsubscribe function. */
  onCaughtUp(fn: () => void): () => void {
    this.caughtUpListeners.add(fn);
    return () => {
      this.caughtUpListeners.delete(fn);
    };
  }

  /**
   * The user opened a room: its unread count clears and the read watermark moves to its last message.
   * Server failures leave the local count cleared; the next room list load tells the truth again.
   */
  async markRead(roomName: string): Promise<void> {
    const room = this.store.getState().rooms.get(roomName);
    if (!room) return;
    // Spec §4 read state: a member has read a message when their watch time is *later* than the message's.
    const time = room.lastMessageTime + 1;
    this.store.setState((s) => {
      const current = s.rooms.get(roomName);
      if (!current) return {};
      const rooms = new Map(s.rooms);
      rooms.set(roomName, {
        ...current,
        unreadCount: 0,
        watch: Math.max(current.watch, time),
      });
      return { rooms };
    });
    if (room.lastMessageTime === 0 || time <= room.watch) return;
    try {
      await this.transport.sendIq(
        watchQuery(roomName, time),
        ROOM_LIST_QUERY_TIMEOUT_MS,
      );
    } catch {
      // Offline or refused: the server keeps the old watermark, and the next room list shows its count again.
    }
  }

  private onStanza(el: Element) {
    const archived = parseArchiveResult(el);
    if (archived) {
      if (archived.message)
        this.archive.get(archived.queryId)?.push(archived.message);
      return;
    }
    const message = parseRoomMessage(el);
    if (message) {
      this.receive(message);
      return;
    }
    const watch = parseWatchPush(el);
    if (watch) {
      if (watch.jid === this.transport.ownJid())
        this.store.setState((s) => ({
          rooms: applyWatch(s.rooms, watch.roomName, watch.time),
        }));
      for (const fn of this.pushListeners) fn({ kind: "watch", ...watch });
      return;
    }
    const deletion = parseDeletion(el);
    if (deletion) {
      this.store.setState((s) => ({
        rooms: applyDeletion(s.rooms, deletion.roomName, deletion.time),
      }));
      for (const fn of this.pushListeners) fn({ kind: "deleted", ...deletion });
    }
  }

  private receive(message: ChatMessage) {
    // While the list reloads, live messages wait: applied first, they would hide older ones the catch-up brings.
    if (this.syncing) this.queued.push(message);
    else this.apply(message);
  }

  /**
   * @param listed - the room list was just reloaded: a room still unknown gets listed from the message itself.
   */
  private apply(message: ChatMessage, listed = false) {
    if (this.seen.has(message.stanzaId)) return;
    const known = this.store.getState().rooms.has(message.roomName);
    // Listed from its message, a new group room would show under its sender's name until a reload brought its title:
    // the reload comes first, and the message waits for it as live messages wait during any reload.
    if (!known && !listed) {
      this.queued.push(message);
      void this.sync(false);
      return;
    }
    this.seen.add(message.stanzaId);
    if (this.seen.size > SEEN_IDS_KEPT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.lastStanzaId = Math.max(this.lastStanzaId, message.stanzaId);
    const before = this.store.getState().rooms;
    // The list may already hold a caught-up message (reloaded first): then only the room windows still need it.
    const after = applyMessage(before, message, this.transport.ownJid());
    if (after !== before) this.store.setState({ rooms: after });
    if (!before.has(message.roomName)) this.scheduleReload();
    for (const fn of this.messageListeners) fn(message);
  }

  private scheduleReload() {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      void this.sync(false);
    }, UNKNOWN_ROOM_RELOAD_MS);
  }

  private scheduleResync(catchUp: boolean) {
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      void this.sync(catchUp);
    }, this.resyncDelay);
    this.resyncDelay = Math.min(this.resyncDelay * 2, RESYNC_MAX_DELAY_MS);
  }

  private async sync(catchUp: boolean): Promise<void> {
    if (this.syncing) {
      this.again = { catchUp: catchUp || (this.again?.catchUp ?? false) };
      return;
    }
    this.syncing = true;
    let caughtUp = false;
    try {
      const needsBaseline = !this.baselineLoaded;
      const [listIq] = await Promise.all([
        this.transport.sendIq(roomListQuery(), ROOM_LIST_QUERY_TIMEOUT_MS),
        needsBaseline ? this.loadBaseline() : null,
      ]);
      const list = parseRoomList(listIq);
      if (!list) throw new Error("room list answer without <rooms/>");
      this.store.setState({
        rooms: new Map(list.rooms.map((room) => [room.name, room])),
        privateRoom: list.privateRoom,
        loaded: true,
        failed: false,
      });
      if (catchUp && !needsBaseline) await this.catchUp();
      caughtUp = catchUp;
      this.resyncDelay = RESYNC_FIRST_DELAY_MS;
    } catch {
      // Keep what the list showed; only a list never loaded shows the failure (its retry button reloads).
      if (!this.store.getState().loaded) this.store.setState({ failed: true });
      else this.scheduleResync(catchUp);
    } finally {
      this.syncing = false;
      const queued = this.queued;
      this.queued = [];
      for (const message of queued) this.apply(message, true);
    }
    if (caughtUp) for (const fn of this.caughtUpListeners) fn();
    const again = this.again;
    this.again = null;
    if (again) await this.sync(again.catchUp);
  }

  /** The newest archive id at login: where a catch-up after the first reconnect starts. */
  private async loadBaseline() {
    const { messages } = await this.queryArchive("latest", 1);
    for (const message of messages)
      this.lastStanzaId = Math.max(this.lastStanzaId, message.stanzaId);
    this.baselineLoaded = true;
  }

  private async catchUp() {
    let after = this.lastStanzaId;
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
      const { messages, complete, last } = await this.queryArchive(
        { after },
        HISTORY_PAGE_SIZE,
      );
      for (const message of messages) this.apply(message);
      if (complete || last === null) return;
      after = last;
    }
  }

  private async queryArchive(
    page: { after: number } | "latest",
    max: number,
  ): Promise<{
    messages: ChatMessage[];
    complete: boolean;
    last: number | null;
  }> {
    const queryId = `sync-${String((this.querySeq += 1))}`;
    const collected: ChatMessage[] = [];
    this.archive.set(queryId, collected);
    try {
      const fin = await this.transport.sendIq(
        archiveQuery(queryId, page, max),
        ROOM_LIST_QUERY_TIMEOUT_MS,
      );
      return { messages: collected, ...parseArchiveFin(fin) };
    } finally {
      this.archive.delete(queryId);
    }
  }
}
