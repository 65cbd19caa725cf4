/**
 * The main window's presence follower in React: the provider makes one follower reachable by every tab, and
 * `usePresence` re-renders a row only when its own user's shown presence changes.
 */
import type { Presence } from "@moa/shared";
import {
  createContext,
  useCallback,
  useContext,
  useSyncExternalStore,
} from "react";
import type { PresenceFollower } from "./presence-follower";

/** The main window's follower (null outside a signed-in main window, e.g. in a room window). */
export const PresenceContext = createContext<PresenceFollower | null>(null);

/** The main window's follower, or null where there is none. */
export function usePresenceFollower(): PresenceFollower | null {
  return useContext(PresenceContext);
}

/**
 * The shown presence of one user, live.
 * @param jid - a bare JID the caller follows (the follower only knows followed users).
 * @returns off until known.
 */
export function usePresence(jid: string): Presence {
  const follower = usePresenceFollower();
  const subscribe = useCallback(
    (notify: () => void) =>
      follower
        ? follower.onChange((changed) => {
            if (changed === jid) notify();
          })
        : () => undefined,
    [follower, jid],
  );
  return useSyncExternalStore(
    subscribe,
    () => follower?.presenceOf(jid) ?? "off",
  );
}
