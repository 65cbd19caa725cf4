/**
 * The user card's actions over the main window's session, shared by the main window's own card and the room windows'
 * (which ask over the bridge): which actions the signed-in user has for a person, and running one.
 */
import type { UserInfo, WidgetOpenMode } from "@moa/shared";
import type { QueryClient } from "@tanstack/react-query";
import { miniWindowLink, signedGroupwareLink } from "../../api/groupware-link";
import { requestMiniAuthNo } from "../../api/home-api";
import { openExternal } from "../../platform";
import type { useRoomCommands } from "../chat";
import { cleanTypedNumber, type CallMember } from "../phone";
import type { SessionController } from "../session";
import type { CardUser } from "./card-user";
import {
  addFriend,
  fetchFriendIds,
  FRIENDS_QUERY_KEY,
  FRIEND_IDS_QUERY_KEY,
  removeFriend,
} from "./user-card-api";

/** An action of the card. */
export type CardAction =
  "chat" | "addFriend" | "removeFriend" | "mail" | "note" | "call";

/** What running an action needs. */
export type CardSession = {
  session: SessionController;
  commands: ReturnType<typeof useRoomCommands>;
  queryClient: QueryClient;
  /** Opens the internet phone dialog filled with the member to call. */
  openPhone: (members: readonly CallMember[]) => void;
  /** Where mail and note pages open (widgetOpenCd): the browser, or the groupware's mini window. */
  openMode: () => WidgetOpenMode;
};

/** The friend list's login ids, from the query cache when it holds them. */
export function friendIds({
  session,
  queryClient,
}: CardSession): Promise<Set<string>> {
  return queryClient.query({
    queryKey: FRIEND_IDS_QUERY_KEY,
    queryFn: () => fetchFriendIds(session.api),
  });
}

/**
 * The actions the signed-in user has on a person's card.
 * @param me - the signed-in user.
 * @param user - the person shown.
 * @param isFriend - whether they are a friend; undefined while unknown (no friend action yet).
 */
export function cardActions(
  me: UserInfo | null,
  user: CardUser,
  isFriend: boolean | undefined,
): CardAction[] {
  const isMe = me?.messengerId.toLowerCase() === user.jid.toLowerCase();
  const actions: CardAction[] = ["chat"];
  if (!isMe && isFriend !== undefined)
    actions.push(isFriend ? "removeFriend" : "addFriend");
  // Free users have no mail (spec §6); a person without an address cannot be written to.
  if (me?.freeUserYn !== "Y" && user.email) actions.push("mail");
  actions.push("note");
  // Free users have no call (spec §6); someone without a number cannot be called.
  if (!isMe && me?.freeUserYn !== "Y" && (user.phone || user.mobile))
    actions.push("call");
  return actions;
}

/**
 * Runs a card action.
 * @returns when done (the 1:1 room's window opened, the friend list changed, the groupware page or the phone
 *   dialog opened).
 */
export async function runCardAction(
  deps: CardSession,
  user: CardUser,
  action: CardAction,
): Promise<void> {
  const { session, commands, queryClient, openPhone } = deps;
  const me = session.store.getState().user;
  switch (action) {
    case "chat": {
      const isMe = me?.messengerId.toLowerCase() === user.jid.toLowerCase();
      const room = isMe
        ? await commands.openSelfRoom()
        : await commands.openDualRoom({ jid: user.jid, name: user.name });
      session.windows?.open("chatRoom", room);
      return;
    }
    case "addFriend":
    case "removeFriend":
      await (action === "removeFriend"
        ? removeFriend(session.api, user.loginId)
        : addFriend(session.api, {
            id: user.loginId,
            name: user.name,
            position: user.position,
            company: user.company,
            messengerId: user.jid,
          }));
      await queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
      return;
    case "call":
      openPhone([
        {
          jid: user.jid,
          id: user.loginId,
          name: user.name,
          phone: cleanTypedNumber(user.phone || user.mobile),
        },
      ]);
      return;
    case "mail":
    case "note": {
      const { webToken } = session.store.getState();
      if (!me || !webToken) return;
      const query =
        action === "mail"
          ? `?to=${encodeURIComponent(user.email)}`
          : `?to=${encodeURIComponent(user.loginId)}`;
      if (deps.openMode() === "mini") {
        const authNo = await requestMiniAuthNo(session.api);
        openExternal(
          miniWindowLink(me.domain, me.loginId, authNo, action, query),
        );
        return;
      }
      openExternal(
        await signedGroupwareLink(
          "",
          me.userKey,
          webToken,
          action === "mail" ? "mailWrite" : "noteWrite",
          query,
        ),
      );
      return;
    }
  }
}
