/** Display trims of spec §9: the room list's last message (15 characters) and nicknames (8), with an ellipsis. */

import {
  LAST_MESSAGE_TRIM_LENGTH,
  NICKNAME_TRIM_LENGTH,
} from "../constants.js";
import { toSingleLine, truncateCharacters } from "../text.js";

/**
 * Trims a room's last message for the room list; line breaks become spaces so the preview stays on one line.
 * @param text - the last message.
 * @returns at most 15 characters, plus "..." when cut.
 */
export function trimLastMessage(text: string): string {
  return truncateCharacters(toSingleLine(text), LAST_MESSAGE_TRIM_LENGTH);
}

/**
 * Trims a nickname for lists and headers.
 * @param nickname - the nickname.
 * @returns at most 8 characters, plus "..." when cut.
 */
export function trimNickname(nickname: string): string {
  return truncateCharacters(nickname.trim(), NICKNAME_TRIM_LENGTH);
}
