/** Live presence of the friends the tab shows: followed while visible, dropped when the tab or group closes. */
import type { Presence } from "@moa/shared";
import { useCallback, useEffect, useReducer } from "react";
import type { PresenceFollower } from "../presence";

const CONSUMER = "friends";

/**
 * Follows `jids` and re-renders when one of them changes presence.
 * @returns the presence of a user (off until known).
 */
export function useFriendPresence(
  follower: PresenceFollower,
  jids: readonly string[],
): (jid: string) => Presence {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const key = jids.join(",");
  useEffect(() => {
    follower.follow(CONSUMER, key === "" ? [] : key.split(","));
  }, [follower, key]);
  useEffect(
    () => () => {
      follower.unfollow(CONSUMER);
    },
    [follower],
  );
  useEffect(() => {
    const shown = new Set(key.split(","));
    return follower.onChange((jid) => {
      if (shown.has(jid)) bump();
    });
  }, [follower, key]);
  return useCallback(
    (jid: string) => follower.presenceOf(jid),
    // `version` gives a new function whenever a shown user's presence changes, so rows re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [follower, version],
  );
}
