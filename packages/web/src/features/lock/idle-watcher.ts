/**
 * Idle handling (spec §4 Presence, §9 idle check every second): idle minutes reaching the away threshold while on
 * switch to away, activity returns to on unless the user set away by hand, reaching the lock threshold locks the app,
 * and unlocking restarts the idle clock. Time comes from an injected clock, so tests move it instead of waiting.
 */
import {
  IDLE_CHECK_INTERVAL_MS,
  type LocalSettings,
  type OwnPresenceState,
} from "@moa/shared";
import type { StoreApi } from "zustand/vanilla";

/** Where the watcher reads the time and schedules its check. */
export type IdleClock = {
  now: () => number;
  /** Calls `fn` every `ms`; returns the stop function. */
  every: (ms: number, fn: () => void) => () => void;
};

/** The real clock. */
export const SYSTEM_CLOCK: IdleClock = {
  now: () => Date.now(),
  every: (ms, fn) => {
    const timer = setInterval(fn, ms);
    return () => {
      clearInterval(timer);
    };
  },
};

/** Thresholds in minutes; null when that behaviour is off. */
export type IdleThresholds = {
  awayMinutes: number | null;
  lockMinutes: number | null;
};

/** The thresholds the basic settings ask for. */
export function idleThresholds(settings: LocalSettings): IdleThresholds {
  return {
    awayMinutes: settings.awayTimeYn === "Y" ? settings.awayTime : null,
    lockMinutes: settings.lockTimeYn === "Y" ? settings.lockTime : null,
  };
}

/** The part of the session the watcher drives. */
export type IdleSession = {
  store: StoreApi<{
    phase: string;
    locked: boolean;
    presence: OwnPresenceState;
    presenceByHand: boolean;
  }>;
  setPresence: (presence: OwnPresenceState, byHand: boolean) => void;
  lock: () => void;
};

/**
 * Starts watching for idleness.
 * @param session - the session to set away and lock.
 * @param thresholds - read on every check, so a changed setting applies at once.
 * @param subscribeActivity - calls its argument on user input; returns the unsubscribe function.
 * @param clock - the time source.
 * @returns stops watching.
 */
export function watchIdle(
  session: IdleSession,
  thresholds: () => IdleThresholds,
  subscribeActivity: (fn: () => void) => () => void,
  clock: IdleClock = SYSTEM_CLOCK,
): () => void {
  let last = clock.now();
  let autoAway = false;
  const backToOn = () => {
    const s = session.store.getState();
    if (autoAway && s.presence === "away" && !s.presenceByHand && !s.locked) {
      autoAway = false;
      session.setPresence("on", false);
    }
  };
  const offActivity = subscribeActivity(() => {
    last = clock.now();
    backToOn();
  });
  const stopTimer = clock.every(IDLE_CHECK_INTERVAL_MS, () => {
    const s = session.store.getState();
    if (s.phase !== "signedIn" || s.locked) return;
    const { awayMinutes, lockMinutes } = thresholds();
    const idleMinutes = (clock.now() - last) / 60_000;
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
  });
  const offUnlock = session.store.subscribe((s, prev) => {
    // Unlocking returns an automatic away to on (spec §4); the idle clock restarts.
    if (prev.locked && !s.locked) {
      last = clock.now();
      backToOn();
    }
  });
  return () => {
    offActivity();
    stopTimer();
    offUnlock();
  };
}
