/**
 * The main window's user card host: `useUserCard().open(jid)` shows the card of anyone in the org tree. It follows
 * the shown user's presence while open, asks for their absence status, and runs the actions over the session: the
 * 1:1 room (an existing one is reused), the friend list, and the groupware's mail and note pages (single sign-on).
 * Room windows ask for the same cards and actions over the bridge (`user-card:get`, `user-card:act`).
 */
import { fetchAbsence } from "../../api/absence-api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { useBridge } from "../../lib/bridge";
import { useRoomCommands } from "../chat";
import { usePhone } from "../phone";
import { useSettings } from "../preferences";
import { usePresence, usePresenceFollower } from "../presence";
import { getOrgTree, useSession, useSessionController } from "../session";
import {
  cardActions,
  friendIds,
  runCardAction,
  type CardAction,
  type CardSession,
} from "./card-session";
import { findCardUser, type CardUser } from "./card-user";
import { fetchFriendIds, FRIEND_IDS_QUERY_KEY } from "./user-card-api";

// The card loads when first shown: the main window's first load does not need it.
const UserCard = lazy(async () => ({
  default: (await import("./UserCard")).UserCard,
}));

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

/** The absence code of one user, or null. */
async function absenceOf(deps: CardSession, loginId: string) {
  return (await fetchAbsence(deps.session.api, [loginId]))[loginId] ?? null;
}

/** Hosts the card; needs the session, the chat provider, the bridge and a react-query client above it. */
export function UserCardProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<CardUser | null>(null);
  const session = useSessionController();
  const commands = useRoomCommands();
  const queryClient = useQueryClient();
  const bridge = useBridge();
  const phone = usePhone();
  const openMode = useSettings().settings.widgetOpenCd;
  const openModeRef = useRef(openMode);
  useEffect(() => {
    openModeRef.current = openMode;
  }, [openMode]);
  const deps = useMemo<CardSession>(
    () => ({
      session,
      commands,
      queryClient,
      openPhone: phone.open,
      openMode: () => openModeRef.current,
    }),
    [session, commands, queryClient, phone],
  );

  useEffect(() => {
    const lookup = (jid: string) =>
      findCardUser(getOrgTree()?.tree ?? null, jid);
    const offered = async (user: CardUser) =>
      cardActions(
        session.store.getState().user,
        user,
        (await friendIds(deps).catch(() => undefined))?.has(user.loginId),
      );
    const offGet = bridge.handle("user-card:get", async ({ jid }) => {
      const user = lookup(jid);
      if (!user) return { user: null, actions: [] };
      const [absence, actions] = await Promise.all([
        absenceOf(deps, user.loginId).catch(() => null),
        offered(user),
      ]);
      return {
        user: { ...user, deptPath: [...user.deptPath] },
        actions,
        ...(absence ? { absence } : {}),
      };
    });
    const offAct = bridge.handle("user-card:act", async ({ jid, action }) => {
      const user = lookup(jid);
      // Only what the card offers this user (a free user's room window cannot ask for mail).
      if (!user || !(await offered(user)).includes(action))
        return { done: false };
      await runCardAction(deps, user, action);
      return { done: true };
    });
    return () => {
      offGet();
      offAct();
    };
  }, [bridge, deps, session]);

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
        <Suspense fallback={null}>
          <ShownCard
            key={shown.jid}
            user={shown}
            deps={deps}
            onClose={() => {
              setShown(null);
            }}
          />
        </Suspense>
      ) : null}
    </UserCardContext>
  );
}

type ShownCardProps = {
  user: CardUser;
  deps: CardSession;
  onClose: () => void;
};

function ShownCard({ user, deps, onClose }: ShownCardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useSession((s) => s.user);
  const follower = usePresenceFollower();
  const presence = usePresence(user.jid);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!follower) return;
    follower.follow("user-card", [user.jid]);
    return () => {
      follower.unfollow("user-card");
    };
  }, [follower, user.jid]);

  const absence = useQuery({
    queryKey: ["absence", user.loginId],
    queryFn: () => absenceOf(deps, user.loginId),
  }).data;
  const friends = useQuery({
    queryKey: FRIEND_IDS_QUERY_KEY,
    queryFn: () => fetchFriendIds(deps.session.api),
  }).data;

  const onAction = async (action: CardAction) => {
    setBusy(true);
    try {
      await runCardAction(deps, user, action);
      if (action === "chat" || action === "call") onClose();
      if (action === "addFriend" || action === "removeFriend")
        void message.success(
          t(
            action === "addFriend"
              ? "userCard.friendAdded"
              : "userCard.friendRemoved",
            {
              name: user.name,
            },
          ),
        );
    } catch {
      void message.error(t("userCard.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <UserCard
      user={user}
      presence={presence}
      absence={absence ?? undefined}
      busy={busy}
      actions={cardActions(me, user, friends?.has(user.loginId))}
      onAction={(action) => void onAction(action)}
      onClose={onClose}
    />
  );
}
