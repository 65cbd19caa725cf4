/**
 * The room window's clock: the delete window (spec §5) is checked against it, so tests can put a message past its
 * 5 minutes by providing another clock.
 */
import { createContext, useContext } from "react";

/** The current time, epoch ms. */
export const RoomClockContext = createContext<() => number>(() => Date.now());

/** The room window's clock. */
export function useRoomClock(): () => number {
  return useContext(RoomClockContext);
}
