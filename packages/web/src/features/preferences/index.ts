/** The user's local settings, one source per window, kept in step across windows. */
export { loadSettings, saveSettings } from "./settings-storage";
export {
  SettingsContext,
  SettingsProvider,
  useSettings,
} from "./SettingsProvider";
export { useSettingsState, type SettingsControl } from "./use-settings-state";
