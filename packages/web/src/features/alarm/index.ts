/** Groupware alarms: the alarm settings dialog and the toasts of pushed alarms. */
export { AlarmNotifier } from "./AlarmNotifier";
export { AlarmSettingsDialog } from "./AlarmSettingsDialog";
export { LoginNotifier } from "./LoginNotifier";
export { alarmPushOf, type AlarmPush } from "./workplace-push";
