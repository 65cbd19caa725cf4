/**
 * 009: the same-session check at sign-in (spec §2.2, "your ID is used in another PC messenger") asks whether another
 * login of the user holds a live chat connection, so each connected resource's presence row names its login (auth
 * session). Before, it asked whether another login had been active (refreshed) within an hour, so a messenger that
 * crashed without logging out kept triggering the dialog; that activity time had no other reader and is dropped.
 * Presence rows written before this migration name no login and count as no other messenger (the resource's next
 * login replaces them).
 */
export const m009LiveSessions = {
  version: "009-live-sessions",
  sql: `
    alter table chat_presence add column session_id text;
    alter table auth_sessions drop column last_seen_at;
  `,
};
