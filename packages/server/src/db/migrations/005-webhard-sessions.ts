/**
 * 005: webhard logins (spec §4 Webhard window). Listing folders and files and making download links need a webhard
 * login in the same messenger session; the row goes with the session (logout, revocation).
 */
export const m005WebhardSessions = {
  version: "005-webhard-sessions",
  sql: `
    create table webhard_sessions (
      session_id text primary key references auth_sessions(id) on delete cascade,
      user_id bigint not null references users(id) on delete cascade,
      created_at timestamptz not null default now()
    );
  `,
};
