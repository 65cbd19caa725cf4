/**
 * Webhard API (spec §7.6) under /external/webhard/v1/: login, folder and file listing, and download links to
 * send in chat. Bodies carry `userInfo`; answers carry `resultCode` ("00000" success, spec §8).
 */
import { z } from "zod";
import { WEBHARD_SEND_MAX_FILES } from "../constants.js";
import { webhardLinkTokenSchema } from "../messages/webhard-link-message.js";

/** The userInfo every webhard call carries; it must be the caller's own. */
export const webhardUserInfoSchema = z.object({
  corpSeq: z.coerce.number().int(),
  usrKey: z.coerce.number().int(),
  ssoUserId: z.string().max(100).optional(),
});

/** Result codes besides success. */
export const WEBHARD_RESULT_CODES = {
  success: "00000",
  badCredentials: "40100",
  notAvailable: "40300",
  notFound: "40400",
} as const;

/** POST login/auth — body: the login id and the password encrypted to the server key (as for login2). */
export const webhardLoginRequestSchema = z.object({
  userInfo: webhardUserInfoSchema,
  id: z.string().trim().min(1).max(100),
  token: z.string().min(1).max(2048),
});

/** POST folders/{id} and files/{id} — body. */
export const webhardListRequestSchema = z.object({
  userInfo: webhardUserInfoSchema,
});

/** POST files/download — body: the files to link (at most 20, spec §9). */
export const webhardDownloadRequestSchema = z.object({
  userInfo: webhardUserInfoSchema,
  fileIds: z
    .array(z.coerce.number().int().positive())
    .min(1)
    .max(WEBHARD_SEND_MAX_FILES),
});

/** A folder (spec §3). */
export const webhardFolderSchema = z.object({
  id: z.number(),
  folderType: z.number(),
  name: z.string(),
});

/** A file (spec §3); updateDate is ISO. */
export const webhardFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  extension: z.string(),
  updateDate: z.string(),
  size: z.number(),
  encOwnerId: z.string(),
  roleDownload: z.number(),
});

/** A webhard folder. */
export type WebhardFolderData = z.infer<typeof webhardFolderSchema>;
/** A webhard file. */
export type WebhardFileData = z.infer<typeof webhardFileSchema>;

/** Answer of login/auth: ssoUserId on success. */
export const webhardLoginResponseSchema = z.object({
  resultCode: z.string(),
  ssoUserId: z.string().optional(),
});

/** Answer of folders/{id}. */
export const webhardFoldersResponseSchema = z.object({
  resultCode: z.string(),
  folders: z.array(webhardFolderSchema).default([]),
});

/** Answer of files/{id}. */
export const webhardFilesResponseSchema = z.object({
  resultCode: z.string(),
  files: z.array(webhardFileSchema).default([]),
});

/** Answer of files/download: per file its link, and the link's token (what a chat message names). */
export const webhardLinksResponseSchema = z.object({
  resultCode: z.string(),
  links: z
    .array(
      webhardFileSchema.extend({
        url: z.string(),
        token: webhardLinkTokenSchema,
      }),
    )
    .default([]),
});
