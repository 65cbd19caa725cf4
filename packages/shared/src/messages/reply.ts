/** Reply quote: the original text cut to 20 characters (code points) plus an ellipsis. */

import { REPLY_QUOTE_MAX_LENGTH } from "../constants.js";
import { toSingleLine, truncateCharacters } from "../text.js";

/**
 * Quotes a message for the reply bar and the sent reply (`replyText`); line breaks become spaces.
 * @param text - the original message text.
 * @returns the text when it has at most 20 characters, else its first 20 plus "...".
 */
export function quoteForReply(text: string): string {
  return truncateCharacters(toSingleLine(text), REPLY_QUOTE_MAX_LENGTH);
}
