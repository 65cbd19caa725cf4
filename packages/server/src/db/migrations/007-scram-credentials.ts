/**
 * 007: password logins of standard XMPP clients. SCRAM-SHA-256 (RFC 7677) needs keys derived from the password,
 * which the scrypt hash cannot give, so they are kept beside it, tagged with the password version they were derived
 * from (a changed password makes them stale). App passwords are extra secrets a user creates for chat clients.
 */
export const m007ScramCredentials = {
  version: "007-scram-credentials",
  sql: `
    create table scram_credentials (
      user_id bigint primary key references users(id) on delete cascade,
      password_version integer not null,
      salt text not null,
      iterations integer not null,
      stored_key text not null,
      server_key text not null,
      updated_at timestamptz not null default now()
    );
    create table app_passwords (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      label text not null,
      password_hash text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index app_passwords_user on app_passwords(user_id);
  `,
};
