/** A value that follows another once it has stopped changing for a while (typing in a search box). */
import { useEffect, useState } from "react";

/**
 * @param value - the changing value.
 * @param delayMs - how long it must stay the same.
 * @returns the last value that stayed.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
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
