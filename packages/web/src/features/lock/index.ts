/** Idle detection (away, lock) and the lock screen. */
export { LockScreen } from "./LockScreen";
export { useIdle } from "./use-idle";
