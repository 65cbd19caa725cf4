/** The single source of the user's local settings for a window's components (`useSettings`). */
import { DEFAULT_LOCAL_SETTINGS } from "@moa/shared";
import { createContext, useContext, type ReactNode } from "react";
import { useSettingsState, type SettingsControl } from "./use-settings-state";

/** The settings of a window: `SettingsProvider` provides them; tests and other hosts may provide fixed ones. */
export const SettingsContext = createContext<SettingsControl>({
  settings: DEFAULT_LOCAL_SETTINGS,
  update: () => undefined,
});

/**
 * Provides the settings of one user.
 * @param jid - the signed-in user's bare JID; null until known.
 */
export function SettingsProvider({
  jid,
  children,
}: {
  jid: string | null;
  children: ReactNode;
}) {
  const control = useSettingsState(jid);
  return <SettingsContext value={control}>{children}</SettingsContext>;
}

/** The window's settings (defaults outside a provider). */
export function useSettings(): SettingsControl {
  return useContext(SettingsContext);
}
