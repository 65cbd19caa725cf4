/**
 * Webhard calls of spec §7.6 (POST /external/webhard/v1/…), made by the main window for the webhard window. Every
 * body carries userInfo (corpSeq, usrKey and, after the login, ssoUserId); answers carry a result code.
 */
import {
  webhardFilesResponseSchema,
  webhardFoldersResponseSchema,
  webhardLinksResponseSchema,
  webhardLoginResponseSchema,
  type ApiClient,
} from "@moa/shared";

const PREFIX = "/external/webhard/v1";

/** The ids every webhard call carries. */
export type WebhardUserInfo = {
  corpSeq: number;
  usrKey: number;
  ssoUserId?: string;
};

/**
 * Logs in to the webhard.
 * @param token - the password encrypted to the server key, as at login.
 * @returns the result code and, on success, the webhard user id.
 */
export async function webhardLogin(
  api: ApiClient,
  userInfo: WebhardUserInfo,
  id: string,
  token: string,
) {
  return api.request({
    method: "POST",
    path: `${PREFIX}/login/auth`,
    body: { userInfo, id, token },
    schema: webhardLoginResponseSchema,
  });
}

/** Sub-folders of a folder (0: the root). */
export async function fetchWebhardFolders(
  api: ApiClient,
  userInfo: WebhardUserInfo,
  folderId: number,
) {
  return api.request({
    method: "POST",
    path: `${PREFIX}/folders/${String(folderId)}`,
    body: { userInfo },
    schema: webhardFoldersResponseSchema,
  });
}

/** Files of a folder. */
export async function fetchWebhardFiles(
  api: ApiClient,
  userInfo: WebhardUserInfo,
  folderId: number,
) {
  return api.request({
    method: "POST",
    path: `${PREFIX}/files/${String(folderId)}`,
    body: { userInfo },
    schema: webhardFilesResponseSchema,
  });
}

/** Download links of files (at most 20), to send in a room. */
export async function createWebhardLinks(
  api: ApiClient,
  userInfo: WebhardUserInfo,
  fileIds: readonly number[],
) {
  return api.request({
    method: "POST",
    path: `${PREFIX}/files/download`,
    body: { userInfo, fileIds },
    schema: webhardLinksResponseSchema,
  });
}
