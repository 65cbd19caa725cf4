/**
 * The commute panel's clock, injectable: the app reads `Date.now`, tests provide their own time through
 * `ClockContext` (and fake timers for the one-second tick).
 */
import { createContext, useContext, useEffect, useState } from "react";

/** The current time, epoch ms. */
export type Clock = () => number;

export const ClockContext = createContext<Clock>(Date.now);

/** The injected clock. */
export function useClock(): Clock {
  return useContext(ClockContext);
}

const TICK_MS = 1000;

/**
 * The current time, refreshed every second (spec §9 clock refresh).
 * @returns epoch ms of the last tick.
 */
export function useNow(): number {
  const clock = useClock();
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(clock());
    }, TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [clock]);
  return now;
}

/** The viewer's UTC offset at `ms`, in minutes east (the calendar the panel shows). */
export const localOffset = (ms: number): number =>
  -new Date(ms).getTimezoneOffset();

/** Day of the week (0 Sunday) of a `yyyyMMdd` date. */
export function weekdayOf(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(4, 6));
  const d = Number(date.slice(6, 8));
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
