/** The alarm settings dialog (spec §2.3), opened from the more tab of the main window. */
export { AlarmSettingsDialog } from "./AlarmSettingsDialog";
