/** Idle handling on an injected clock: away, back to on, lock, and the clock restarting on unlock. */
import { DEFAULT_LOCAL_SETTINGS, type OwnPresenceState } from "@moa/shared";
import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import {
  idleThresholds,
  watchIdle,
  type IdleClock,
  type IdleSession,
} from "./idle-watcher";

function fakeClock() {
  let now = 0;
  const ticks = new Set<() => void>();
  const clock: IdleClock = {
    now: () => now,
    every: (_ms, fn) => {
      ticks.add(fn);
      return () => ticks.delete(fn);
    },
  };
  /** Moves the clock on in one-second ticks. */
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 1000) {
      now += 1000;
      for (const fn of ticks) fn();
    }
  };
  return { clock, advance, ticks };
}

function fakeSession() {
  const store = createStore<{
    phase: string;
    locked: boolean;
    presence: OwnPresenceState;
    presenceByHand: boolean;
  }>(() => ({
    phase: "signedIn",
    locked: false,
    presence: "on",
    presenceByHand: false,
  }));
  const session: IdleSession = {
    store,
    setPresence: (presence, byHand) => {
      store.setState({ presence, presenceByHand: byHand });
    },
    lock: () => {
      store.setState({ locked: true });
    },
  };
  return { session, store };
}

function start(settings = DEFAULT_LOCAL_SETTINGS) {
  const { clock, advance, ticks } = fakeClock();
  const { session, store } = fakeSession();
  let activity: () => void = () => undefined;
  const stop = watchIdle(
    session,
    () => idleThresholds(settings),
    (fn) => {
      activity = fn;
      return () => undefined;
    },
    clock,
  );
  return { advance, store, stop, ticks, act: () => activity() };
}

describe("idle watcher", () => {
  it("switches to away at the away threshold and back to on at the next activity", () => {
    const { advance, store, act } = start({
      ...DEFAULT_LOCAL_SETTINGS,
      awayTime: 2,
    });
    advance(119_000);
    expect(store.getState().presence).toBe("on");
    advance(1_000);
    expect(store.getState().presence).toBe("away");
    act();
    expect(store.getState().presence).toBe("on");
  });

  it("leaves a presence the user picked alone", () => {
    const { advance, store, act } = start();
    store.setState({ presence: "away", presenceByHand: true });
    advance(6 * 60_000);
    act();
    expect(store.getState()).toMatchObject({ presence: "away" });
  });

  it("locks at the lock threshold, and counts again from the unlock", () => {
    const { advance, store } = start({
      ...DEFAULT_LOCAL_SETTINGS,
      awayTimeYn: "N",
      lockTime: 3,
    });
    advance(3 * 60_000);
    expect(store.getState().locked).toBe(true);
    store.setState({ locked: false });
    advance(2 * 60_000);
    expect(store.getState().locked).toBe(false);
    advance(60_000);
    expect(store.getState().locked).toBe(true);
  });

  it("does nothing with both switched off, and stops its timer when stopped", () => {
    const { advance, store, stop, ticks } = start({
      ...DEFAULT_LOCAL_SETTINGS,
      awayTimeYn: "N",
      lockTimeYn: "N",
    });
    advance(60 * 60_000);
    expect(store.getState()).toMatchObject({ presence: "on", locked: false });
    stop();
    expect(ticks.size).toBe(0);
  });
});
