/** The only place that touches browser and desktop-shell capabilities (STYLE.md §3). */
export { subscribeActivity } from "./activity";
export { announceChange, onChangeAnnounced } from "./change-signal";
export { playTone, type Tone } from "./chat-sound";
export { copyText } from "./clipboard";
export {
  BRIDGE_CHANNEL,
  createBroadcastChannelTransport,
} from "./bridge/broadcast-channel-transport";
export {
  requestDesktopNotifications,
  showDesktopNotification,
} from "./desktop-notification";
export {
  loadLocalePreference,
  saveLocalePreference,
} from "./locale-preference";
export { isNetworkUp, subscribeNetwork } from "./network";
export { readStored, removeStored, writeStored } from "./storage";
export {
  closeThisWindow,
  onWindowClosing,
  openAppWindow,
  openExternal,
  resizeThisWindow,
  type AppWindowHandle,
} from "./windows";
