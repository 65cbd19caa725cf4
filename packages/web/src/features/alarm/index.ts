/** Groupware alarms and login notices: the toasts of what the chat connection pushes. */
export { AlarmNotifier } from "./AlarmNotifier";
export { LoginNotifier } from "./LoginNotifier";
export { alarmPushOf, type AlarmPush } from "./workplace-push";
