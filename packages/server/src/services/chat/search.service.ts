/**
 * Message search across the rooms a user may read (docs/protocol.md, urn:moa:search:0): substring, Hangul-aware,
 * newest first with a keyset cursor (the stanza id), each hit with its room as the searcher sees it and a snippet.
 */
import { countCharacters } from "@moa/shared";
import {
  searchMessages,
  type SearchRow,
} from "../../db/repositories/chat/chat-search.repository.js";
import type { Db } from "../../db/database.js";
import type { Actor } from "../auth/actor.js";
import { ChatError } from "./errors.js";
import type { MemberCache } from "./member-cache.js";
import { resolvePeople } from "./people.js";
import { snippetOf, type SnippetPart } from "./search-snippet.js";

export const SEARCH_MAX_QUERY_CHARS = 100;
export const SEARCH_DEFAULT_PAGE = 20;
export const SEARCH_MAX_PAGE = 50;

export type SearchInput = {
  q: string;
  roomName?: string | undefined;
  senderJid?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  filesOnly?: boolean | undefined;
  /** The stanza id of the previous page's last hit. */
  beforeId?: number | undefined;
  max?: number | undefined;
};

export type SearchHit = {
  id: number;
  roomName: string;
  roomType: number;
  roomTitle: string;
  senderJid: string;
  senderName: string;
  logTime: number;
  contentType: string;
  snippet: SnippetPart[];
};

export type SearchResult = { q: string; hits: SearchHit[] };

/**
 * The search text as the server matches it: trimmed and NFC-normalised.
 * @param q the text sent.
 * @returns the normalised text.
 * @throws ChatError invalid_input when it is empty or longer than 100 characters.
 */
export function normaliseQuery(q: string): string {
  const text = q.trim().normalize("NFC");
  const length = countCharacters(text);
  if (length < 1 || length > SEARCH_MAX_QUERY_CHARS)
    throw new ChatError("invalid_input", "q must be 1..100 characters");
  return text;
}

export class SearchService {
  constructor(private readonly deps: { db: Db; members: MemberCache }) {}

  /**
   * Searches the messages the actor may read.
   * @param actor the searcher.
   * @param input the text, filters and page.
   * @returns the normalised query and the hits, newest first.
   * @throws ChatError invalid_input (q, page size), not_member (a room filter the actor may not read).
   */
  async search(actor: Actor, input: SearchInput): Promise<SearchResult> {
    const q = normaliseQuery(input.q);
    const max = input.max ?? SEARCH_DEFAULT_PAGE;
    if (!Number.isInteger(max) || max < 1 || max > SEARCH_MAX_PAGE)
      throw new ChatError("invalid_input", "max must be 1..50");
    const roomId =
      input.roomName === undefined
        ? undefined
        : await this.readableRoomId(actor, input.roomName);
    const rows = await searchMessages(this.deps.db, {
      userId: actor.userId,
      companyId: actor.companyId,
      text: q,
      roomId,
      senderJid: input.senderJid?.toLowerCase(),
      startTime: input.startTime,
      endTime: input.endTime,
      filesOnly: input.filesOnly ?? false,
      beforeId: input.beforeId,
      limit: max,
    });
    const people = await resolvePeople(this.deps.db, actor.companyId, [
      ...new Set(rows.map((r) => r.senderJid.toLowerCase())),
    ]);
    const titles = new Map<number, string>();
    for (const r of rows)
      if (!titles.has(r.roomId))
        titles.set(r.roomId, await this.titleFor(actor, r));
    return {
      q,
      hits: rows.map((r) => ({
        id: r.id,
        roomName: r.roomName,
        roomType: r.roomType,
        roomTitle: titles.get(r.roomId) ?? "",
        senderJid: r.senderJid,
        senderName: people.get(r.senderJid.toLowerCase())?.name ?? "",
        logTime: r.logTime,
        contentType: r.contentType,
        snippet: snippetOf(r.body, q),
      })),
    };
  }

  /** A room the actor is a member of; a missing room answers as a foreign one (room names are guessable). */
  private async readableRoomId(
    actor: Actor,
    roomName: string,
  ): Promise<number> {
    const room = await this.deps.members.room(roomName);
    const members = room ? await this.deps.members.get(room.id) : [];
    if (!room || !members.some((m) => m.userId === actor.userId))
      throw new ChatError("not_member");
    return room.id;
  }

  /** The room's name as the searcher's room list shows it: their own name, the title, else the other members. */
  private async titleFor(actor: Actor, row: SearchRow): Promise<string> {
    if (row.myRoomName) return row.myRoomName;
    if (row.roomTitle) return row.roomTitle;
    const members = await this.deps.members.get(row.roomId);
    return members
      .filter((m) => m.userId !== actor.userId)
      .map((m) => m.name)
      .join(", ");
  }
}
