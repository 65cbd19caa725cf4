/**
 * Idle handling (spec §4 Presence): checked every second; idle minutes reaching the away threshold while on switch
 * to away, activity returns to on unless the user set away by hand; reaching the lock threshold locks the app.
 */
import { IDLE_CHECK_INTERVAL_MS } from "@moa/shared";
import { useEffect } from "react";
import { subscribeActivity } from "../../platform";
import { useSessionController } from "../session";
import { loadIdleThresholds } from "./idle-settings";

export function useIdle(): void {
  const session = useSessionController();
  useEffect(() => {
    let last = Date.now();
    let autoAway = false;
    const offActivity = subscribeActivity(() => {
      last = Date.now();
      const s = session.store.getState();
      if (autoAway && s.presence === "away" && !s.presenceByHand && !s.locked) {
        autoAway = false;
        session.setPresence("on", false);
      }
    });
    const timer = setInterval(() => {
      const s = session.store.getState();
      if (s.phase !== "signedIn" || s.locked) return;
      const { awayMinutes, lockMinutes } = loadIdleThresholds();
      const idleMinutes = (Date.now() - last) / 60_000;
      if (lockMinutes !== null && idleMinutes >= lockMinutes) {
        session.lock();
        return;
      }
      if (
        awayMinutes !== null &&
        idleMinutes >= awayMinutes &&
        s.presence === "on"
      ) {
        autoAway = true;
        session.setPresence("away", false);
      }
    }, IDLE_CHECK_INTERVAL_MS);
    const offUnlock = session.store.subscribe((s, prev) => {
      // Unlocking returns an automatic away to on (spec §4); the idle clock restarts.
      if (prev.locked && !s.locked) {
        last = Date.now();
        if (autoAway && s.presence === "away" && !s.presenceByHand) {
          autoAway = false;
          session.setPresence("on", false);
        }
      }
    });
    return () => {
      offActivity();
      clearInterval(timer);
      offUnlock();
    };
  }, [session]);
}
