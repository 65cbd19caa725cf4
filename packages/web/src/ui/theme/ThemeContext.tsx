/** The current theme and a way to switch it, for the user-info layer's toggle. */
import { createContext, useContext } from "react";
import type { ThemeMode } from "./theme-preference";

export type ThemeControl = {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
};

export const ThemeContext = createContext<ThemeControl>({
  mode: "light",
  setMode: () => undefined,
});

/** The theme and its setter. */
export function useThemeMode(): ThemeControl {
  return useContext(ThemeContext);
}
