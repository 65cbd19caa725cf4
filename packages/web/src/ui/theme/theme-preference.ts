/** Light or dark look, remembered per origin; the first run follows the system setting. */
import { z } from "zod";
import { readStored, writeStored } from "../../platform";

export type ThemeMode = "light" | "dark";
const KEY = "moa.theme";

/** The stored theme, else the system's preference. */
export function loadThemeMode(): ThemeMode {
  const stored = readStored(KEY, z.enum(["light", "dark"]));
  if (stored) return stored;
  return window.matchMedia("(prefers-color-scheme: dark)").matches
    ? "dark"
    : "light";
}

/** Remembers the theme. */
export function saveThemeMode(mode: ThemeMode): void {
  writeStored(KEY, mode);
}
