/** A value that follows another once it has stopped changing for a while (typing in a search box). */
import { useEffect, useState } from "react";

/**
 * @param value - the changing value.
 * @param delayMs - how long it must stay the same.
 * @param initial - the value until the first one stayed (a box that appears with text in it waits too).
 * @returns the last value that stayed.
 */
export function useDebounced<T>(value: T, delayMs: number, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return settled;
}
