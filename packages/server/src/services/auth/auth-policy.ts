/** Lifetimes and limits of credentials; one place so docs/auth.md and the code agree. */

/** Access tokens live 60 minutes; clients refresh every 50 (spec §9), leaving a margin. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh token must be used within 14 days; each use rotates it (sliding session). */
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
/** An auto-login token is good for 30 days and one use (each use issues a new one). */
export const AUTO_LOGIN_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Wrong passwords before the account is blocked (spec §9); the attempt that reaches it locks. */
export { WRONG_PASSWORD_LIMIT } from "@moa/shared";
/** Prefix that tells an auto-login token from an encrypted password in login2's `token` field. */
export const AUTO_LOGIN_TOKEN_PREFIX = "moa_al_";
/** Prefix of refresh tokens, so a leaked one is recognisable in logs and secret scanners. */
export const REFRESH_TOKEN_PREFIX = "moa_rt_";
