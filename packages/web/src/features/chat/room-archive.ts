/**
 * Reads a whole room's history, page by page back to its first message (spec §7.8 RoomHistory), for saving the chat
 * and listing the room's files. The server returns only what the user may see (group invitees: from their join).
 */
import type { ChatMessage } from "./chat-types";
import { fetchRoomHistory } from "./room-history";
import type { RoomTransport } from "./room-transport";

// A save or file list stops after this many pages (20,000 messages): older history is left out rather than hanging.
const MAX_PAGES = 200;

/**
 * Reads every message of a room the user may see.
 * @param transport - the chat connection.
 * @param roomJid - the room's bare JID.
 * @returns the messages, oldest first; rejects when a page is refused or not answered.
 */
export async function readRoomArchive(
  transport: RoomTransport,
  roomJid: string,
): Promise<ChatMessage[]> {
  const pages: ChatMessage[][] = [];
  let before: number | null = null;
  for (let n = 0; n < MAX_PAGES; n += 1) {
    const page = await fetchRoomHistory(transport, roomJid, { before });
    pages.unshift(page.messages);
    const oldest = page.messages[0];
    if (page.reachedFirst || !oldest) break;
    before = oldest.time;
  }
  return pages.flat();
}
