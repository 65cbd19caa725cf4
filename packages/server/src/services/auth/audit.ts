/** Names of the security events written to the audit log. */
export const AUDIT_EVENTS = {
  loginSuccess: "login_success",
  loginFailure: "login_failure",
  accountLocked: "account_locked",
  accountUnlocked: "account_unlocked",
  refreshReplay: "refresh_token_replay",
  autoLoginReplay: "auto_login_token_replay",
  logout: "logout",
  lockScreenFailure: "lock_screen_failure",
} as const;
