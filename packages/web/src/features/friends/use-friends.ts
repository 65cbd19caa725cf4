/**
 * The friend list's server data and changes. The server has no push for friend changes, so a change made here
 * is announced to this browser's other windows (they refetch at once), and every window refetches when it regains
 * focus and once a minute, which brings changes made in another browser.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import {
  fetchFriendGroups,
  fetchFriends,
  type FriendChange,
} from "../../api/friends-api";
import { announceChange, onChangeAnnounced } from "../../platform";
import { useSession, useSessionController } from "../session";

const KEY = ["friends"] as const;
const TOPIC = "friends";
const REFETCH_MS = 60_000;

/** Groups and friends, kept current across windows. */
export function useFriendData() {
  const session = useSessionController();
  const client = useQueryClient();
  const user = useSession((s) => s.user?.messengerId ?? "");
  useEffect(
    () =>
      user
        ? onChangeAnnounced(TOPIC, user, () => {
            void client.invalidateQueries({ queryKey: KEY });
          })
        : undefined,
    [client, user],
  );
  return useQuery({
    queryKey: KEY,
    enabled: user !== "",
    refetchOnWindowFocus: true,
    refetchInterval: REFETCH_MS,
    queryFn: async () => {
      const [groups, friends] = await Promise.all([
        fetchFriendGroups(session.api),
        fetchFriends(session.api),
      ]);
      return { groups, friends };
    },
  });
}

/**
 * Runs friend changes: after one succeeds the list refetches here and in the browser's other windows.
 * @returns `run(change)`, which resolves to the change's outcome (a network failure is thrown).
 */
export function useFriendChange(): (
  change: () => Promise<FriendChange>,
) => Promise<FriendChange> {
  const client = useQueryClient();
  const user = useSession((s) => s.user?.messengerId ?? "");
  return useCallback(
    async (change) => {
      const result = await change();
      if (result.ok) {
        await client.invalidateQueries({ queryKey: KEY });
        announceChange(TOPIC, user);
      }
      return result;
    },
    [client, user],
  );
}
