/** Saving a chat as text: the file name (room name + yyyy_MMdd_hhmm + .txt) and one line per message. */

import { formatLocalTime } from "./time.js";
import { truncateCharacters } from "../text.js";

/** Longest room-name part of a saved-chat file name, in characters; keeps full paths under OS limits. */
const MAX_FILE_NAME_STEM = 100;

/** Used when the room name leaves nothing usable (e.g. only "???"). */
const FALLBACK_STEM = "chat";

/**
 * Makes text safe as a file name on Windows, macOS and Linux: `\ / : * ? " < > |` and control characters
 * become `_`, and leading/trailing dots and blanks are removed (Windows drops trailing dots).
 * @param name - the wanted name.
 * @returns the safe name; may be "".
 */
export function sanitizeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what file systems reject
  const replaced = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, "_");
  return replaced.replace(/^[\s.]+|[\s.]+$/g, "");
}

/**
 * Names a saved chat file: `<room name>_<yyyy_MMdd_HHmm>.txt`, e.g. `개발팀_2024_0501_1403.txt`.
 * @param roomName - the room's display name.
 * @param now - the save time, epoch ms.
 * @param offsetMinutes - the user's UTC offset in minutes, east positive.
 * @returns a file name safe on every desktop OS.
 */
export function savedChatFileName(
  roomName: string,
  now: number,
  offsetMinutes: number,
): string {
  const stem =
    sanitizeFileName(truncateCharacters(roomName, MAX_FILE_NAME_STEM, "")) ||
    FALLBACK_STEM;
  return `${stem}_${formatLocalTime(now, offsetMinutes, "yyyy_MMdd_hhmm")}.txt`;
}

/**
 * A user's name with the position in brackets, as saved chats show senders.
 * @param name - the user's name.
 * @param position - the position; blank positions are left out.
 * @returns `name[position]`, or `name` without a position.
 */
export function nameWithPosition(
  name: string,
  position: string | null | undefined,
): string {
  const trimmed = position?.trim() ?? "";
  return trimmed === "" ? name : `${name}[${trimmed}]`;
}

/** One message as saved (the local message record's fields the line needs). */
export type SavedChatMessage = {
  /** Message time, epoch ms. */
  readonly time: number;
  /** Sender's name. */
  readonly userName: string;
  /** Sender's position. */
  readonly position?: string | null | undefined;
  /** Message text; for a file message, its file name. */
  readonly text: string;
};

/**
 * Formats one saved-chat line: `[yyyy-MM-dd HH:mm:ss] name[position] : text`. Line breaks in the text are kept
 * as CRLF so the file reads well in Windows Notepad.
 * @param message - the message.
 * @param offsetMinutes - the user's UTC offset in minutes, east positive.
 * @returns the line, without a trailing newline.
 */
export function formatSavedChatLine(
  message: SavedChatMessage,
  offsetMinutes: number,
): string {
  const when = formatLocalTime(
    message.time,
    offsetMinutes,
    "yyyy-MM-dd HH:mm:ss",
  );
  const text = message.text.replace(/\r?\n/g, "\r\n");
  return `[${when}] ${nameWithPosition(message.userName, message.position)} : ${text}`;
}

/**
 * The whole saved-chat text: the messages oldest first, one {@link formatSavedChatLine} each, CRLF line ends.
 * @param messages - the messages, in any order.
 * @param offsetMinutes - the user's UTC offset in minutes, east positive.
 * @returns the file's text; "" when there is no message (the caller reports noData).
 */
export function formatSavedChat(
  messages: readonly SavedChatMessage[],
  offsetMinutes: number,
): string {
  return [...messages]
    .sort((a, b) => a.time - b.time)
    .map((m) => `${formatSavedChatLine(m, offsetMinutes)}\r\n`)
    .join("");
}
