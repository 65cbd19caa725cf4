/** Builds the room management handlers' dependencies from the main window's session (REST, org tree, windows). */
import type { TFunction } from "i18next";
import { fetchAbsence } from "../../api/absence-api";
import { signedGroupwareLink } from "../../api/groupware-link";
import { openExternal } from "../../platform";
import { createOrgCacheSource } from "../org-picker";
import { getOrgTree, type SessionController } from "../session";
import type { Room } from "./chat-types";
import { findOrgUser } from "./org-members";
import type { RoomAdminDeps } from "./room-admin-handlers";
import type { RoomTransport } from "./room-transport";

/**
 * The handlers' dependencies in the main window.
 * @param session - the signed-in session.
 * @param transport - its chat connection.
 * @param titleOf - a room's listed name.
 * @param t - translations (the saved text of deleted messages).
 */
export function sessionRoomAdminDeps(
  session: SessionController,
  transport: RoomTransport,
  titleOf: (room: Room) => string,
  t: TFunction,
): RoomAdminDeps {
  const orgSource = createOrgCacheSource();
  return {
    transport,
    titleOf,
    orgUser: (jid) => findOrgUser(getOrgTree()?.tree ?? null, jid),
    absence: (loginIds) => fetchAbsence(session.api, loginIds),
    orgTree: () => orgSource.loadTree(),
    openRoom: (roomName) =>
      session.windows?.open("chatRoom", roomName) ?? false,
    async openGroupware(target, query) {
      const { user, webToken } = session.store.getState();
      if (!user || !webToken) return false;
      return openExternal(
        await signedGroupwareLink("", user.userKey, webToken, target, query),
      );
    },
    deletedText: () => t("chat.last.deleted"),
    now: () => Date.now(),
    offsetMinutes: () => -new Date().getTimezoneOffset(),
  };
}
