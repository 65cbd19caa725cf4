/**
 * Webhard links in chat (spec §2.10, §7.6): a FILE message that names a webhard download link by its token instead
 * of an uploaded file number. The sender writes `{"contentType":"FILE","webhardLink":"<token>"}`; the server checks
 * that the sender made that link and stores its own record (name, sizes, token). Clients build the download path
 * from the token themselves, so no URL written into a message is ever fetched.
 */
import { z } from "zod";
import { formatFileSize } from "../format/size.js";
import { parseExtensionJson } from "./extension-json.js";

/** Path prefix of the webhard link download on this server. */
export const WEBHARD_LINK_DOWNLOAD_PATH = "/external/webhard/v1/download";

/** A webhard link token as the server makes them (base64url). */
export const webhardLinkTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);

/** The extensions JSON the server stores and delivers for a webhard link. */
export const webhardLinkExtensionSchema = z.object({
  contentType: z.literal("FILE"),
  fileName: z.string(),
  fileSize: z.string(),
  fileSizeOrg: z.number(),
  webhardLink: webhardLinkTokenSchema,
});

/** A webhard link as a room shows it. */
export type WebhardLinkData = Omit<
  z.infer<typeof webhardLinkExtensionSchema>,
  "contentType"
>;

/**
 * The extensions JSON a client sends for a webhard link (the server fills in the file's record).
 * @param token - the link token the webhard answered.
 * @returns the JSON text.
 */
export function webhardLinkRequestJson(token: string): string {
  return JSON.stringify({ contentType: "FILE", webhardLink: token });
}

/**
 * The extensions JSON the server stores for a webhard link.
 * @param file - the linked file's name and size in bytes, and the token.
 * @returns the JSON text, contentType first.
 */
export function webhardLinkExtensionJson(file: {
  fileName: string;
  size: number;
  token: string;
}): string {
  return JSON.stringify({
    contentType: "FILE",
    fileName: file.fileName,
    fileSize: formatFileSize(file.size),
    fileSizeOrg: file.size,
    webhardLink: file.token,
  });
}

/**
 * Reads the webhard link of a FILE message.
 * @param json - the message's extensions text.
 * @returns the link, or null when the text is not a webhard link extension with every field.
 */
export function parseWebhardLinkExtension(
  json: string | null | undefined,
): WebhardLinkData | null {
  return parseExtensionJson(webhardLinkExtensionSchema, json);
}

/**
 * The download path of a webhard link, on this server.
 * @param token - the link token (checked against the token pattern).
 * @returns the server-relative path to fetch (with the access token).
 * @throws Error for anything that is not a token.
 */
export function webhardLinkDownloadPath(token: string): string {
  return `${WEBHARD_LINK_DOWNLOAD_PATH}/${webhardLinkTokenSchema.parse(token)}`;
}
