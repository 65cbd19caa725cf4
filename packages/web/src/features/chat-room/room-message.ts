/**
 * The room window's message list as data: messages kept once per key (the log time) in time order, whether they come
 * from a history page, live, or again after a reconnect; deletions turn a message into its tombstone.
 */
import type { BridgeEvents } from "@moa/shared";

/** A message as the room window has it. */
export type RoomMessage = BridgeEvents["message:added"]["message"];

const time = (m: RoomMessage) => Number(m.key);

/**
 * Adds messages, each key once (a later copy replaces an earlier one: a tombstone replaces its message).
 * @param current - the messages, oldest first.
 * @param added - new ones, in any order.
 * @returns the merged list, oldest first; the same array when nothing was added.
 */
export function mergeMessages(
  current: readonly RoomMessage[],
  added: readonly RoomMessage[],
): readonly RoomMessage[] {
  if (added.length === 0) return current;
  const sorted = [...added].sort((a, b) => time(a) - time(b));
  const first = current[0];
  const last = current.at(-1);
  const oldestAdded = sorted[0];
  const newestAdded = sorted.at(-1);
  // Live messages come after everything and history pages before: no need to sort the whole list again.
  if (!first || !last || !oldestAdded || !newestAdded) return sorted;
  if (time(oldestAdded) > time(last)) return [...current, ...dedupe(sorted)];
  if (time(newestAdded) < time(first)) return [...dedupe(sorted), ...current];
  const byKey = new Map(current.map((m) => [m.key, m]));
  for (const m of sorted) byKey.set(m.key, m);
  return [...byKey.values()].sort((a, b) => time(a) - time(b));
}

function dedupe(sorted: readonly RoomMessage[]): RoomMessage[] {
  const out: RoomMessage[] = [];
  for (const m of sorted) {
    if (out.at(-1)?.key === m.key) out[out.length - 1] = m;
    else out.push(m);
  }
  return out;
}

/**
 * Turns a message into its tombstone (spec §4: "deleted message" notice for everyone).
 * @returns the list with that message deleted; the same array when the window does not have it.
 */
export function markDeleted(
  messages: readonly RoomMessage[],
  messageKey: string,
): readonly RoomMessage[] {
  const index = messages.findIndex((m) => m.key === messageKey);
  const message = messages[index];
  if (!message || message.isDel) return messages;
  const next = [...messages];
  next[index] = {
    key: message.key,
    roomName: message.roomName,
    senderJid: message.senderJid,
    senderName: message.senderName,
    contentType: message.contentType,
    text: "",
    isDel: true,
    isLongMsg: false,
    // The tombstone still names its sender, even one who left the room.
    ...(message.people ? { people: message.people } : {}),
  };
  return next;
}

/** The text a message shows and is searched, copied and quoted by: the body, or the file name of a FILE. */
export function messageText(message: RoomMessage): string {
  if (message.isDel) return "";
  if (message.contentType === "FILE")
    return message.file?.fileName ?? message.text;
  return message.text;
}
