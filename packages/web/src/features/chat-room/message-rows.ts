/**
 * The rows of the message list (spec §2.11): a "first message" delimiter once the room's first message is loaded, a
 * date delimiter where the day changes, and the messages. Consecutive bubbles of one sender within a minute form a
 * group: the name and avatar show on the first, the time on the last (as KakaoWork and NAVER Works do).
 */
import { MEMBER_EVENT_CONTENT_TYPES, toLocalFields } from "@moa/shared";
import type { RoomMessage } from "./room-message";

export type MessageRow =
  | { kind: "first"; key: string }
  | { kind: "date"; key: string; time: number }
  | {
      kind: "message";
      key: string;
      message: RoomMessage;
      own: boolean;
      /** First bubble of its sender's group: shows the name and avatar. */
      showSender: boolean;
      /** Last bubble of its group: shows the time. */
      showTime: boolean;
    };

/** Tells whether a message is a centred system line (invite, exit, ban, delegate) rather than a bubble. */
export function isSystemLine(message: RoomMessage): boolean {
  return MEMBER_EVENT_CONTENT_TYPES.includes(message.contentType);
}

function dayOf(time: number, offsetMinutes: number): string {
  const f = toLocalFields(time, offsetMinutes);
  return `${String(f.year)}-${String(f.month)}-${String(f.day)}`;
}

const minuteOf = (time: number) => Math.floor(time / 60_000);

function sameGroup(a: RoomMessage, b: RoomMessage): boolean {
  return (
    !isSystemLine(a) &&
    !isSystemLine(b) &&
    a.senderJid === b.senderJid &&
    minuteOf(Number(a.key)) === minuteOf(Number(b.key))
  );
}

/**
 * Builds the list rows.
 * @param messages - the loaded messages, oldest first.
 * @param options - the user's JID, whether the first message is loaded and the viewer's UTC offset in minutes.
 * @returns the rows, top to bottom; each key is stable across loads.
 */
export function buildRows(
  messages: readonly RoomMessage[],
  options: { ownJid: string; reachedFirst: boolean; offsetMinutes: number },
): MessageRow[] {
  const rows: MessageRow[] = [];
  if (options.reachedFirst) rows.push({ kind: "first", key: "first" });
  let day = "";
  messages.forEach((message, i) => {
    const time = Number(message.key);
    const messageDay = dayOf(time, options.offsetMinutes);
    const dayChanged = messageDay !== day;
    if (dayChanged)
      rows.push({ kind: "date", key: `date-${messageDay}`, time });
    day = messageDay;
    const previous = messages[i - 1];
    const next = messages[i + 1];
    rows.push({
      kind: "message",
      key: message.key,
      message,
      own: message.senderJid === options.ownJid,
      showSender: dayChanged || !previous || !sameGroup(previous, message),
      showTime:
        !next ||
        !sameGroup(message, next) ||
        dayOf(Number(next.key), options.offsetMinutes) !== messageDay,
    });
  });
  return rows;
}
