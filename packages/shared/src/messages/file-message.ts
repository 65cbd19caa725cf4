/**
 * FILE messages (spec §3 File data, docs/protocol.md §2): after an upload the client sends one room message per
 * file, body = file name, extensions = the upload answer's file record. Also the download link, the 7-day expiry
 * and the name of a pasted image.
 */
import { z } from "zod";
import {
  CHAT_DOWNLOAD_PATH,
  CHAT_THUMBNAIL_PATH,
  uploadedFileSchema,
} from "../api/files.js";
import { DOWNLOAD_EXPIRY_DAYS } from "../constants.js";
import { formatLocalTime } from "../format/time.js";
import { parseExtensionJson } from "./extension-json.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One stored file as the upload answers it and FILE messages carry it. */
export type ChatFileData = z.infer<typeof uploadedFileSchema>;

/** The extensions JSON of a FILE message. */
export const fileExtensionSchema = uploadedFileSchema.extend({
  contentType: z.literal("FILE"),
});

/** The uploader id sent with uploads and downloads: the login id with the web-chat prefix (spec §3 Upload). */
export const CHAT_FILE_ID_PREFIX = "webchat_";

/**
 * The extensions JSON of the FILE message announcing an uploaded file.
 * @param file - the file record from the upload answer.
 * @returns the JSON text, contentType first.
 */
export function fileExtensionJson(file: ChatFileData): string {
  const { fileName, fileSize, fileSizeOrg, fileno, fileDownUrl, thumbUrl } =
    file;
  return JSON.stringify({
    contentType: "FILE",
    fileName,
    fileSize,
    fileSizeOrg,
    fileno,
    fileDownUrl,
    thumbUrl,
  });
}

/**
 * Reads the file record of a FILE message.
 * @param json - the message's extensions text.
 * @returns the file, or null when the text is not a FILE extension with every field.
 */
export function parseFileExtension(
  json: string | null | undefined,
): ChatFileData | null {
  return parseExtensionJson(fileExtensionSchema, json);
}

/**
 * The download link of a file, on this server (spec §3: ID, roomname, fileno and client=pc). Built from the file
 * number and room only: a URL written into a message by its sender is never fetched.
 * @param query - the user's login id, the room name and the file number.
 * @returns the server-relative path to fetch (with the access token).
 */
export function chatFileDownloadPath(query: {
  loginId: string;
  roomName: string;
  fileno: number;
}): string {
  const params = [
    ["ID", `${CHAT_FILE_ID_PREFIX}${query.loginId}`],
    ["roomname", query.roomName],
    ["fileno", String(query.fileno)],
    ["client", "pc"],
  ]
    .map(([key = "", value = ""]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  return `${CHAT_DOWNLOAD_PATH}?${params}`;
}

/**
 * The thumbnail link of an image file, on this server.
 * @param roomName - the room the file was uploaded to.
 * @param fileno - the file number.
 * @returns the server-relative path to fetch (with the access token).
 */
export function chatThumbnailPath(roomName: string, fileno: number): string {
  return `${CHAT_THUMBNAIL_PATH}?roomname=${encodeURIComponent(roomName)}&fileno=${String(fileno)}`;
}

/**
 * Tells whether a file can no longer be downloaded: files are kept for 7 days after they were sent (spec §9).
 * @param sentAt - the FILE message's time, epoch ms.
 * @param now - the current time, epoch ms.
 * @returns true from 7 days after `sentAt` on.
 */
export function isChatFileExpired(sentAt: number, now: number): boolean {
  return now >= sentAt + DOWNLOAD_EXPIRY_DAYS * DAY_MS;
}

/**
 * Names an image pasted from the clipboard: `image_yyyyMMddHHmmss.png` in the user's calendar.
 * @param now - the paste time, epoch ms.
 * @param offsetMinutes - the user's UTC offset in minutes, east positive.
 * @returns e.g. `image_20250310143005.png`.
 */
export function pastedImageFileName(
  now: number,
  offsetMinutes: number,
): string {
  return `image_${formatLocalTime(now, offsetMinutes, "yyyyMMddHHmmss")}.png`;
}
