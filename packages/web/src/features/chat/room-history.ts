/**
 * One room's history pages from the archive (docs/protocol.md §4, spec §7.8 RoomHistory page get): the newest page,
 * the page before a message, or the page after one, at most HISTORY_PAGE_SIZE messages, oldest first.
 */
import { HISTORY_PAGE_SIZE, ROOM_LIST_QUERY_TIMEOUT_MS } from "@moa/shared";
import type { ChatMessage } from "./chat-types";
import { roomHistoryQuery, type HistoryPosition } from "./room-stanzas";
import type { RoomTransport } from "./room-transport";
import { parseArchiveFin, parseArchiveResult } from "./stanzas";

/**
 * A history page and whether it reaches the room's first message (the window shows the first-message delimiter), or,
 * for a page after a message, its newest.
 */
export type HistoryPage = {
  messages: ChatMessage[];
  reachedFirst: boolean;
  reachedLast: boolean;
};

let querySeq = 0;

/**
 * Fetches a page of a room's history.
 * @param transport - the chat connection.
 * @param roomJid - the room's bare JID.
 * @param position - `before`: the oldest log time the window has (null for the newest page); `after`: the newest it
 *   has below a gap (a window opened at a search result).
 * @returns the page; rejects when the server refuses or does not answer.
 */
export async function fetchRoomHistory(
  transport: RoomTransport,
  roomJid: string,
  position: HistoryPosition,
): Promise<HistoryPage> {
  const queryId = `room-${String((querySeq += 1))}`;
  const messages: ChatMessage[] = [];
  const off = transport.onMessage((el) => {
    const result = parseArchiveResult(el);
    if (result?.queryId === queryId && result.message)
      messages.push(result.message);
  });
  try {
    const fin = await transport.sendIq(
      roomHistoryQuery(queryId, roomJid, position, HISTORY_PAGE_SIZE),
      ROOM_LIST_QUERY_TIMEOUT_MS,
    );
    // Spec §9: the end is reached when the server has no more. Moa's server says so in `complete`, and a page of long
    // messages holds fewer than a page without being the last (it stays within what a connection may leave unread).
    const { complete: reachedEnd } = parseArchiveFin(fin);
    const forward = "after" in position;
    return {
      messages,
      reachedFirst: !forward && reachedEnd,
      reachedLast: !forward || reachedEnd,
    };
  } finally {
    off();
  }
}
