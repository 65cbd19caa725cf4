/** The session: login flow, chat connection, presence, lock and the spec §8 error reactions. */
export type { ChatConnection } from "./chat-connection";
export {
  INITIAL_CONNECTION_STATE,
  reconnectDelay,
  stepConnection,
  type ConnectionEffect,
  type ConnectionInput,
  type ConnectionState,
  type ConnectionStatus,
  type DisconnectReason,
  type NetworkStatus,
} from "./connection-machine";
export {
  clearAutoLogin,
  loadLoginSettings,
  saveLoginSettings,
  type LoginSettings,
} from "./login-settings";
export { getOrgTree } from "./org-cache";
export {
  SessionController,
  type SessionAlert,
  type SessionDeps,
  type SessionState,
  type SignInForm,
  type SignInResult,
} from "./session-controller";
export {
  SessionProvider,
  useSession,
  useSessionController,
} from "./SessionContext";
export { SessionAlerts } from "./SessionAlerts";
export { SessionExitWatcher } from "./SessionExitWatcher";
export { ViewWindowGuard } from "./ViewWindowGuard";
export { createWindowManager, type WindowManager } from "./window-manager";
