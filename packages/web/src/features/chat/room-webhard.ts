/**
 * The main window's side of the webhard window (spec §2.10, §7.6, §7.9 open-whard-window): room windows ask whether
 * the user may use the webhard and open it for their room (one webhard window at a time); the webhard window has the
 * main window make its webhard calls with the session (whard-login, get-whard-folder/file, get-whard-down-link) and
 * send each chosen link into the room as a FILE message naming the link's token (docs/protocol.md §2).
 */
import {
  isWebhardSuccess,
  webhardLinkRequestJson,
  WEBHARD_RESULT_CODES,
  type ApiClient,
  type Bridge,
} from "@moa/shared";
import {
  createWebhardLinks,
  fetchWebhardFiles,
  fetchWebhardFolders,
  webhardLogin,
  type WebhardUserInfo,
} from "../../api/webhard-api";
import type { ChatSync } from "./chat-sync";
import { createRoomSender } from "./room-sender";
import type { RoomTransport } from "./room-transport";

/** What the handlers need of the session. */
export type RoomWebhardDeps = {
  api: ApiClient;
  /** The signed-in user's company and user keys; null when signed out. */
  user(): { corpSeq: number; userKey: number } | null;
  /** The company menu flags as `webhardUsed: true` … (already applied to the user's kind by the server). */
  menuFlags(): Promise<Record<string, boolean>>;
  /** Encrypts a password to the server key, as at login. */
  encryptPassword(password: string): Promise<string>;
  /** Focuses the open webhard window and tells its room; null when none is open. */
  focusOpenWebhard(): string | null;
  /** Opens the webhard window for a room; false when locked or blocked. */
  openWebhard(roomName: string): boolean;
};

/** A failed call answers with a code other than success: the window shows "load failed, try again later". */
const FAILED = WEBHARD_RESULT_CODES.notAvailable;

/**
 * Answers room and webhard windows' webhard requests.
 * @param bridge - the main window's bridge.
 * @param sync - the room list (room JIDs).
 * @param transport - the session's chat connection.
 * @param deps - the session's webhard dependencies.
 * @returns stops answering.
 */
export function connectRoomWebhard(
  bridge: Bridge,
  sync: ChatSync,
  transport: RoomTransport,
  deps: RoomWebhardDeps,
): () => void {
  const sender = createRoomSender(transport);
  // The webhard user id of this session's webhard login (spec §3 session info ssoUserId).
  let ssoUserId: string | undefined;
  const userInfo = (): WebhardUserInfo => {
    const user = deps.user();
    if (!user) throw new Error("not signed in");
    return {
      corpSeq: user.corpSeq,
      usrKey: user.userKey,
      ...(ssoUserId ? { ssoUserId } : {}),
    };
  };

  const offs = [
    bridge.handle("webhard:get-availability", async () => ({
      available: (await deps.menuFlags()).webhardUsed === true,
    })),
    bridge.handle("webhard:open", ({ roomName }) => {
      const openFor = deps.focusOpenWebhard();
      if (openFor !== null)
        return { opened: openFor === roomName, busy: openFor !== roomName };
      return { opened: deps.openWebhard(roomName), busy: false };
    }),
    bridge.handle("webhard:get-state", () => ({
      loggedIn: ssoUserId !== undefined,
    })),
    bridge.handle("webhard:login", async ({ id, password }) => {
      const res = await webhardLogin(
        deps.api,
        userInfo(),
        id,
        await deps.encryptPassword(password),
      ).catch(() => ({ resultCode: FAILED, ssoUserId: undefined }));
      if (isWebhardSuccess(res.resultCode)) ssoUserId = res.ssoUserId;
      return { resultCode: res.resultCode };
    }),
    bridge.handle("webhard:list", async ({ folderId }) => {
      try {
        const [folders, files] = await Promise.all([
          fetchWebhardFolders(deps.api, userInfo(), folderId),
          fetchWebhardFiles(deps.api, userInfo(), folderId),
        ]);
        const resultCode = isWebhardSuccess(folders.resultCode)
          ? files.resultCode
          : folders.resultCode;
        return { resultCode, folders: folders.folders, files: files.files };
      } catch {
        return { resultCode: FAILED, folders: [], files: [] };
      }
    }),
    bridge.handle("webhard:make-links", async ({ fileIds }) => {
      try {
        const res = await createWebhardLinks(deps.api, userInfo(), fileIds);
        return {
          resultCode: res.resultCode,
          links: res.links.map((l) => ({ fileName: l.name, token: l.token })),
        };
      } catch {
        return { resultCode: FAILED, links: [] };
      }
    }),
    bridge.handle(
      "webhard:send-link",
      async ({ roomName, fileName, token }) => {
        const room = sync.store.getState().rooms.get(roomName);
        if (!room) throw new Error("unknown room");
        await sender.send(
          room.jid,
          fileName,
          null,
          webhardLinkRequestJson(token),
        );
        return { sent: true };
      },
    ),
  ];
  return () => {
    for (const off of offs) off();
    sender.dispose();
  };
}
