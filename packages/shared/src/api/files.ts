/**
 * Chat file API (spec §7.6): multipart upload into a room and the download/thumbnail links. Send the fields
 * ID, roomname, trid and client before the `multipartFile` parts: the room is checked before any file is read.
 */
import { z } from "zod";

/** Path of the upload endpoint. */
export const CHAT_UPLOAD_PATH = "/fileupload/Common/uploadMsnAndMobile.on21";
/** Path of the download endpoint; the client appends ID, roomname, fileno and client=pc. */
export const CHAT_DOWNLOAD_PATH = "/fileupload/Common/download.on21";
/** Path of the thumbnail endpoint (roomname, fileno). */
export const CHAT_THUMBNAIL_PATH = "/fileupload/Common/thumbnail.on21";

/** Upload form fields besides the files. */
export const chatUploadFieldsSchema = z.object({
  /** The uploader's id with the web-chat prefix (informational; the access token decides who uploads). */
  ID: z.string().max(300).optional(),
  roomname: z.string().min(1).max(200),
  /** Client transaction id (timestamp), echoed back. */
  trid: z.string().max(40).optional(),
  client: z.string().max(20).optional(),
});

/** One stored file (spec §3 File data). */
export const uploadedFileSchema = z.object({
  fileName: z.string(),
  /** Human-readable size, e.g. "1.50 MB". */
  fileSize: z.string(),
  /** Size in bytes. */
  fileSizeOrg: z.number(),
  fileno: z.number(),
  fileDownUrl: z.string(),
  /** Empty when the file has no thumbnail. */
  thumbUrl: z.string(),
});

/** Upload success. */
export const chatUploadResponseSchema = z.object({
  ErrorCode: z.literal("00"),
  trid: z.string(),
  multipartFile: z.array(uploadedFileSchema),
});

/** Download and thumbnail query. */
export const chatDownloadQuerySchema = z.object({
  ID: z.string().max(300).optional(),
  roomname: z.string().min(1).max(200),
  fileno: z.coerce.number().int().positive(),
  client: z.string().max(20).optional(),
});
