/** Idle detection (away, lock) and the lock screen. */
export { LockScreen } from "./LockScreen";
export {
  idleThresholds,
  SYSTEM_CLOCK,
  watchIdle,
  type IdleClock,
} from "./idle-watcher";
export { useIdle } from "./use-idle";
