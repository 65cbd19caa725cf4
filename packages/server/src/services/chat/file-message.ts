/**
 * FILE messages carry the server's own file record (docs/protocol.md §2 Files): the sender names a file by its
 * number only; name, sizes and links come from the upload stored for that room. A sender could otherwise point a
 * recipient's client at any URL (the client sends its access token with file requests) or dress one file up as
 * another.
 */
import {
  CHAT_DOWNLOAD_PATH,
  chatThumbnailPath,
  fileExtensionJson,
  formatFileSize,
} from "@moa/shared";
import type { ChatFilesRepository } from "../../db/repositories/chat-files.repository.js";
import type { RoomRecord } from "../../db/repositories/chat/chat-rooms.repository.js";
import { ChatError } from "./errors.js";

/** The file number a FILE extension names. @throws ChatError invalid_input when there is no usable one. */
function filenoOf(extension: string): number {
  const { fileno } = JSON.parse(extension) as { fileno?: unknown };
  if (typeof fileno !== "number" || !Number.isSafeInteger(fileno) || fileno < 1)
    throw new ChatError("invalid_input", "FILE needs a fileno");
  return fileno;
}

/**
 * The body and extensions a FILE message is stored and delivered with.
 * @param files the chat file records.
 * @param room the room the message is sent to.
 * @param extension the sender's extensions JSON (already known to be a FILE object).
 * @param now epoch ms, for the 7-day expiry.
 * @returns the file name as body and the server-built extensions JSON (links are paths on this server).
 * @throws ChatError file_not_found when the file was not uploaded to this room or has expired; invalid_input
 * without a fileno.
 */
export async function serverFileMessage(
  files: ChatFilesRepository,
  room: RoomRecord,
  extension: string,
  now: number,
): Promise<{ body: string; extension: string }> {
  const fileno = filenoOf(extension);
  const file = await files.find(room.id, fileno);
  if (!file || file.expiresAt.getTime() <= now)
    throw new ChatError("file_not_found");
  return {
    body: file.fileName,
    extension: fileExtensionJson({
      fileName: file.fileName,
      fileSize: formatFileSize(file.size),
      fileSizeOrg: file.size,
      fileno,
      fileDownUrl: CHAT_DOWNLOAD_PATH,
      thumbUrl: file.thumbKey ? chatThumbnailPath(room.name, fileno) : "",
    }),
  };
}
