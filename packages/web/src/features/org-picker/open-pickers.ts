/**
 * How many org pickers this window shows: the main window asks before a tab switch would close one (spec §2.3).
 */
import { useEffect } from "react";

let open = 0;

/** The number of org pickers shown now. */
export function openOrgPickers(): number {
  return open;
}

/** Counts the calling picker as shown while it is mounted. */
export function useCountOpenPicker(): void {
  useEffect(() => {
    open += 1;
    return () => {
      open -= 1;
    };
  }, []);
}
