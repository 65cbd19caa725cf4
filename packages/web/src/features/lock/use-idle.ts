/** Runs the idle watcher for the main window's session with the user's away and lock thresholds. */
import { useEffect, useRef } from "react";
import { subscribeActivity } from "../../platform";
import { useSettings } from "../preferences";
import { useSessionController } from "../session";
import {
  idleThresholds,
  SYSTEM_CLOCK,
  watchIdle,
  type IdleClock,
} from "./idle-watcher";

/**
 * Watches for idleness while mounted.
 * @param clock - the time source (tests inject one).
 */
export function useIdle(clock: IdleClock = SYSTEM_CLOCK): void {
  const session = useSessionController();
  const { settings } = useSettings();
  const latest = useRef(settings);
  useEffect(() => {
    latest.current = settings;
  }, [settings]);
  useEffect(
    () =>
      watchIdle(
        session,
        () => idleThresholds(latest.current),
        subscribeActivity,
        clock,
      ),
    [session, clock],
  );
}
