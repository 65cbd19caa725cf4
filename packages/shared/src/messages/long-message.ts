/** Long messages show a preview with an ellipsis and a see-all button (spec §2.11). */

import { LONG_MESSAGE_MAX_LENGTH } from "../constants.js";
import { countCharacters, truncateCharacters } from "../text.js";

/** A message body as shown in the list. */
export type MessagePreview = {
  /** The text to show. */
  readonly text: string;
  /** Whether it was cut, so a see-all button shows. */
  readonly isLong: boolean;
};

/**
 * Cuts a long message to {@link LONG_MESSAGE_MAX_LENGTH} characters.
 * @param text - the full message text.
 * @returns the text unchanged when short enough, else the preview and `isLong: true`.
 */
export function previewMessage(text: string): MessagePreview {
  if (countCharacters(text) <= LONG_MESSAGE_MAX_LENGTH)
    return { text, isLong: false };
  return {
    text: truncateCharacters(text, LONG_MESSAGE_MAX_LENGTH),
    isLong: true,
  };
}
