/** Own messages can be deleted for 5 minutes after they were sent (spec §5); the clock is passed in. */

import { MESSAGE_DELETE_WINDOW_MS } from "../constants.js";
import { MESSAGE_CODES } from "../codes/message-codes.js";
import { fail, ok, type Result } from "../result.js";

/**
 * Checks the delete window: deletable while at most 5 minutes have passed (exactly 5:00.000 still counts).
 * A message time in the future (clock skew between client and server) is deletable.
 * @param messageTime - when the message was sent, epoch ms.
 * @param now - the current time, epoch ms.
 * @returns ok with the milliseconds left, or `chat.message.deleteWindowExpired`.
 */
export function checkDeleteWindow(
  messageTime: number,
  now: number,
): Result<number, typeof MESSAGE_CODES.messageDeleteExpired> {
  const left = MESSAGE_DELETE_WINDOW_MS - Math.max(0, now - messageTime);
  return left >= 0 ? ok(left) : fail(MESSAGE_CODES.messageDeleteExpired);
}
