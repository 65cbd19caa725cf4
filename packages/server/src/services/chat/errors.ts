/** Errors the chat services raise; each protocol maps the stable code to its own error shape. */
import { AppError } from "../../errors.js";

/**
 * Stable chat error codes (snake_case, never renamed). A room that does not exist and a room the caller is not a
 * member of are both `not_member`: room names are guessable, so outsiders must not learn which rooms exist.
 */
export type ChatErrorCode =
  | "invalid_input"
  | "message_not_found"
  | "file_not_found"
  | "user_not_found"
  | "not_member"
  | "forbidden"
  | "not_allowed"
  | "delete_window_passed"
  | "chief_cannot_leave";

const STATUS: Record<ChatErrorCode, number> = {
  invalid_input: 400,
  message_not_found: 404,
  file_not_found: 404,
  user_not_found: 404,
  not_member: 403,
  forbidden: 403,
  not_allowed: 409,
  delete_window_passed: 409,
  chief_cannot_leave: 409,
};

/** A chat rule was broken by the caller; the message is for logs, the code for clients. */
export class ChatError extends AppError {
  declare readonly code: ChatErrorCode;

  constructor(code: ChatErrorCode, message?: string) {
    super(code, STATUS[code], message ?? code);
    this.name = "ChatError";
  }
}
