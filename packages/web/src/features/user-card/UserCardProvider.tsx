/**
 * The main window's user card host: `useUserCard().open(jid)` shows the card of anyone in the org tree. It follows
 * the shown user's presence while open, asks for their absence status, and runs the actions over the session: the
 * 1:1 room (an existing one is reused), the friend list, and the groupware's mail and note pages (single sign-on).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { groupwareLink, type GroupwareTarget } from "../../api/groupware-link";
import { openExternal } from "../../platform";
import { useRoomCommands } from "../chat";
import { usePresence, usePresenceFollower } from "../presence";
import { getOrgTree, useSession, useSessionController } from "../session";
import { findCardUser, type CardUser } from "./card-user";
import { UserCard, type UserCardActions } from "./UserCard";
import {
  addFriend,
  fetchAbsence,
  fetchFriendIds,
  FRIENDS_QUERY_KEY,
  removeFriend,
} from "./user-card-api";

/** Opens the card. */
export type UserCardApi = {
  /**
   * Shows a user's card.
   * @param jid - their bare chat JID; a user the org tree does not list opens nothing.
   * @returns whether a card opened.
   */
  open: (jid: string) => boolean;
};

/** The card opener of a window: `UserCardProvider` provides it; tests and other hosts may provide their own. */
export const UserCardContext = createContext<UserCardApi | null>(null);

/** The card opener of this window (outside a provider: opens nothing). */
export function useUserCard(): UserCardApi {
  return useContext(UserCardContext) ?? NO_CARD;
}

const NO_CARD: UserCardApi = { open: () => false };

/** Hosts the card; needs the session, the chat provider and a react-query client above it. */
export function UserCardProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<CardUser | null>(null);
  const api = useMemo<UserCardApi>(
    () => ({
      open: (jid) => {
        const user = findCardUser(getOrgTree()?.tree ?? null, jid);
        if (user) setShown(user);
        return user !== undefined;
      },
    }),
    [],
  );
  return (
    <UserCardContext value={api}>
      {children}
      {shown ? (
        <ShownCard
          key={shown.jid}
          user={shown}
          onClose={() => {
            setShown(null);
          }}
        />
      ) : null}
    </UserCardContext>
  );
}

function ShownCard({ user, onClose }: { user: CardUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSessionController();
  const me = useSession((s) => s.user);
  const follower = usePresenceFollower();
  const commands = useRoomCommands();
  const queryClient = useQueryClient();
  const presence = usePresence(user.jid);
  const [busy, setBusy] = useState(false);
  const isMe = me?.messengerId.toLowerCase() === user.jid.toLowerCase();
  const freeUser = me?.freeUserYn === "Y";

  useEffect(() => {
    if (!follower) return;
    follower.follow("user-card", [user.jid]);
    return () => {
      follower.unfollow("user-card");
    };
  }, [follower, user.jid]);

  const absence = useQuery({
    queryKey: ["absence", user.loginId],
    queryFn: async () =>
      (await fetchAbsence(session.api, [user.loginId]))[user.loginId] ?? null,
  }).data;
  const friends = useQuery({
    queryKey: FRIENDS_QUERY_KEY,
    queryFn: () => fetchFriendIds(session.api),
  }).data;
  const isFriend = friends?.has(user.loginId);
  const toggleFriend = useMutation({
    mutationFn: () =>
      isFriend
        ? removeFriend(session.api, user.loginId)
        : addFriend(session.api, {
            id: user.loginId,
            name: user.name,
            position: user.position,
            company: user.company,
            messengerId: user.jid,
          }),
    onSuccess: () => {
      void message.success(
        t(isFriend ? "userCard.friendRemoved" : "userCard.friendAdded", {
          name: user.name,
        }),
      );
      return queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
    },
    onError: () => {
      void message.error(t("userCard.failed"));
    },
  });

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch {
      void message.error(t("userCard.failed"));
    } finally {
      setBusy(false);
    }
  };

  const openGroupware = (target: GroupwareTarget, query: string) =>
    run(async () => {
      const { user: own, webToken } = session.store.getState();
      if (!own || !webToken) return;
      openExternal(
        await groupwareLink(own.domain, own.loginId, webToken, target, query),
      );
    });

  const actions: UserCardActions = {
    chat: () =>
      void run(async () => {
        const room = isMe
          ? await commands.openSelfRoom()
          : await commands.openDualRoom({ jid: user.jid, name: user.name });
        session.windows?.open("chatRoom", room);
        onClose();
      }),
    ...(isMe
      ? {}
      : {
          toggleFriend: () => {
            toggleFriend.mutate();
          },
        }),
    // Free users have no mail (spec §6); a user without an address cannot be written to.
    ...(freeUser || !user.email
      ? {}
      : {
          mail: () =>
            void openGroupware("mail", `?to=${encodeURIComponent(user.email)}`),
        }),
    note: () =>
      void openGroupware("note", `?to=${encodeURIComponent(user.loginId)}`),
  };

  return (
    <UserCard
      user={user}
      presence={presence}
      absence={absence ?? undefined}
      isFriend={isMe ? undefined : isFriend}
      busy={busy || toggleFriend.isPending}
      actions={actions}
      onClose={onClose}
    />
  );
}
