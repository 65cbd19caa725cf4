/** 002: companies, the department tree, users, login sessions with rotating refresh tokens, auto-login tokens and the audit log. */
export const m002Identity = {
  version: "002-identity",
  sql: `
    create table companies (
      id bigint generated always as identity primary key,
      domain text not null unique,
      name text not null,
      xmpp_domain text not null,
      org_url text not null unique,
      virt_use_yn boolean not null default false,
      menu_config jsonb not null default '{}'::jsonb,
      features jsonb not null default '{}'::jsonb,
      -- Bumped by every change to departments or users so cached org trees are rebuilt on every node.
      org_version bigint not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table departments (
      id bigint generated always as identity primary key,
      company_id bigint not null references companies(id) on delete cascade,
      dept_key text not null,
      name text not null,
      parent_id bigint references departments(id) on delete cascade,
      sort_order integer not null default 0,
      is_virtual boolean not null default false,
      created_at timestamptz not null default now(),
      unique (company_id, dept_key)
    );
    create index departments_parent_idx on departments (parent_id);

    create table users (
      id bigint generated always as identity primary key,
      company_id bigint not null references companies(id) on delete cascade,
      login_id text not null,
      department_id bigint references departments(id) on delete set null,
      sort_order integer not null default 0,
      name text not null,
      position text not null default '',
      title text not null default '',
      email text not null default '',
      mobile text not null default '',
      phone text not null default '',
      extension text not null default '',
      photo_url text,
      nickname text not null default '',
      job_description text not null default '',
      free_user boolean not null default false,
      centrex_user boolean not null default false,
      sms_use boolean not null default false,
      attendance_write_power boolean not null default true,
      password_hash text not null,
      password_changed_at timestamptz not null default now(),
      -- Raised by every password change; a session remembers the version it logged in with.
      password_version integer not null default 1,
      failed_attempts integer not null default 0,
      locked boolean not null default false,
      locked_at timestamptz,
      password_expired boolean not null default false,
      privacy_consent boolean not null default true,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (company_id, login_id)
    );
    create index users_department_idx on users (department_id);

    -- Failure counters for login ids that have no account, so lock-out behaves the same for both.
    create table login_failures (
      company_id bigint not null references companies(id) on delete cascade,
      login_id text not null,
      failed_attempts integer not null default 0,
      updated_at timestamptz not null default now(),
      primary key (company_id, login_id)
    );

    create table auth_sessions (
      id text primary key,
      user_id bigint not null references users(id) on delete cascade,
      company_id bigint not null references companies(id) on delete cascade,
      client text not null default '',
      client_type text not null default 'chat',
      locale text not null default 'ko-kr',
      client_ip text not null default '',
      web_token text not null,
      password_version integer not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoke_reason text
    );
    create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;

    -- Each session is one refresh-token family; a replayed (already used) token revokes its session.
    create table refresh_tokens (
      token_hash text primary key,
      session_id text not null references auth_sessions(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index refresh_tokens_session_idx on refresh_tokens (session_id);

    create table auto_login_tokens (
      token_hash text primary key,
      user_id bigint not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index auto_login_tokens_user_idx on auto_login_tokens (user_id);

    create table audit_log (
      id bigint generated always as identity primary key,
      company_id bigint references companies(id) on delete cascade,
      user_id bigint references users(id) on delete set null,
      event text not null,
      login_id text,
      ip text,
      detail jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    );
    create index audit_log_company_idx on audit_log (company_id, created_at);
  `,
};
