/**
 * @mentions (spec §2.11): the text keeps a readable `@Name` and the extensions JSON carries the mentioned JIDs
 * (`{"contentType":"TALK","mentions":["…"]}`, docs/protocol.md §2), so names that repeat in a room stay unambiguous.
 */

import { z } from "zod";
import { ROOM_TYPES, type RoomType } from "../rooms/room-type.js";

/** Typing this opens the mention list. */
export const MENTION_TRIGGER = "@";

/** A member that can be mentioned. */
export type MentionCandidate = { readonly jid: string; readonly name: string };

/** The `@query` being typed: where its `@` is and what follows it up to the caret. */
export type MentionQuery = { readonly start: number; readonly query: string };

// A mention starts and ends at a word boundary, so e-mail addresses ("kim@corp") and longer names never count.
const WORD_CHAR_AT_END = /[\p{L}\p{N}]$/u;
const WORD_CHAR = "[\\p{L}\\p{N}]";

const escapeRegExp = (text: string): string =>
  text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

const tokenPattern = (name: string): RegExp =>
  new RegExp(
    `(?<!${WORD_CHAR})${escapeRegExp(MENTION_TRIGGER + name.normalize("NFC"))}(?!${WORD_CHAR})`,
    "gu",
  );

const fold = (text: string): string => text.normalize("NFC").toLowerCase();

/**
 * Tells whether members can be mentioned in a room: not in the self room (nobody else is there) nor a news room.
 * @param roomType - the room's type.
 * @returns false for self (4) and news (9) rooms.
 */
export function canMention(roomType: RoomType): boolean {
  return roomType !== ROOM_TYPES.self && roomType !== ROOM_TYPES.news;
}

/**
 * Finds the mention being typed just before the caret: an `@` at a word start followed by no blank.
 * @param text - the editor's text.
 * @param caret - the caret position (UTF-16 index).
 * @returns the `@`'s index and the query after it, or null when the caret is not in a mention.
 */
export function findMentionQuery(
  text: string,
  caret: number,
): MentionQuery | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf(MENTION_TRIGGER);
  if (start < 0) return null;
  const query = before.slice(start + MENTION_TRIGGER.length);
  if (/\s/u.test(query)) return null;
  // Two code units are enough to see the previous character, even when it is a surrogate pair.
  if (WORD_CHAR_AT_END.test(before.slice(Math.max(0, start - 2), start)))
    return null;
  return { start, query };
}

/**
 * Filters members by what follows the `@`, ignoring case: names starting with the query first, then names
 * containing it, each group in the given order.
 * @param members - the members that can be mentioned.
 * @param query - the typed query; empty keeps everyone.
 * @returns the matching members.
 */
export function filterMentionCandidates<T extends MentionCandidate>(
  members: readonly T[],
  query: string,
): T[] {
  const q = fold(query);
  if (q === "") return [...members];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const member of members) {
    const name = fold(member.name);
    if (name.startsWith(q)) starts.push(member);
    else if (name.includes(q)) contains.push(member);
  }
  return [...starts, ...contains];
}

/**
 * Replaces the typed `@query` with the picked member's `@Name` and a space.
 * @param text - the editor's text.
 * @param at - the mention being typed ({@link findMentionQuery}).
 * @param caret - the caret position, the end of the query.
 * @param name - the picked member's name.
 * @returns the new text and the caret position after the mention and its space.
 */
export function insertMention(
  text: string,
  at: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const token = MENTION_TRIGGER + name.normalize("NFC");
  const after = text.slice(caret);
  const spacer = /^\s/u.test(after) ? "" : " ";
  const head = text.slice(0, at.start) + token;
  return { text: head + spacer + after, caret: head.length + 1 };
}

/**
 * Lists the picked members whose `@Name` is still in the text: deleting the text of a mention drops it.
 * @param text - the text to send.
 * @param picked - members picked from the mention list, maybe repeated.
 * @returns those members, each once, in picking order.
 */
export function mentionedMembers<T extends MentionCandidate>(
  text: string,
  picked: readonly T[],
): T[] {
  const seen = new Set<string>();
  const normalized = text.normalize("NFC");
  return picked.filter((member) => {
    if (seen.has(member.jid) || !tokenPattern(member.name).test(normalized))
      return false;
    seen.add(member.jid);
    return true;
  });
}

/**
 * Finds where a member's `@Name` stands in a received text (to highlight mentions of the reader).
 * @param text - the message text.
 * @param name - the member's name.
 * @returns the UTF-16 ranges of each `@Name`, in text order.
 */
export function findMentionTokens(
  text: string,
  name: string,
): { start: number; end: number }[] {
  if (name === "") return [];
  return [...text.normalize("NFC").matchAll(tokenPattern(name))].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * Removes every `@Name` of one member from the text, with the space that follows each.
 * @param text - the editor's text.
 * @param name - the member's name.
 * @returns the text without those mentions.
 */
export function removeMention(text: string, name: string): string {
  const pattern = tokenPattern(name);
  return text
    .normalize("NFC")
    .replace(new RegExp(`${pattern.source} ?`, pattern.flags), "");
}

/**
 * Builds the extensions JSON of a text message.
 * @param mentions - JIDs of the mentioned members.
 * @returns `{"contentType":"TALK"}`, plus `"mentions":[…]` (each JID once) when someone is mentioned.
 */
export function buildTalkExtension(mentions: readonly string[]): string {
  return JSON.stringify(
    mentions.length === 0
      ? { contentType: "TALK" }
      : { contentType: "TALK", mentions: [...new Set(mentions)] },
  );
}

const mentionsSchema = z.object({ mentions: z.array(z.string()) });

/**
 * Reads the mentioned JIDs of a received message.
 * @param extension - the extensions JSON as received, if any.
 * @returns the JIDs; empty when there are none or the JSON is not what a Moa client sends.
 */
export function parseMentions(extension: string | null | undefined): string[] {
  if (!extension) return [];
  try {
    const parsed = mentionsSchema.safeParse(JSON.parse(extension));
    return parsed.success ? parsed.data.mentions : [];
  } catch {
    // Not JSON: no mentions, as the server only stores JSON objects anyway.
    return [];
  }
}
