/**
 * 004: the workplace features around chat — groupware integration (keys, counts, notices, alarms, absence),
 * friends, attendance, internet-phone logs, chat file uploads and the webhard file store.
 */
export const m004Workplace = {
  version: "004-workplace",
  sql: `
    -- Per-company settings of the workplace features and the groupware integration key (stored hashed).
    create table workplace_settings (
      company_id bigint primary key references companies(id) on delete cascade,
      integration_key_hash text,
      groupware_url text not null default '',
      link_paths jsonb not null default '{}'::jsonb,
      -- uimanager designator: 1 shows the position, anything else the title.
      title_designator smallint not null default 1,
      can_resubmit_card boolean not null default false,
      utc_offset_minutes integer not null default 540,
      work_name text not null default '',
      work_start text not null default '0900',
      work_end text not null default '1800',
      updated_at timestamptz not null default now()
    );

    -- Badge counts pushed by the groupware (mail, note, apr, sch, todo, frndreq, msg, webfax).
    create table gw_counts (
      user_id bigint not null references users(id) on delete cascade,
      kind text not null,
      count integer not null check (count >= 0),
      updated_at timestamptz not null default now(),
      primary key (user_id, kind)
    );

    create table gw_notices (
      id bigint generated always as identity primary key,
      company_id bigint not null references companies(id) on delete cascade,
      brd_seq text not null,
      title text not null,
      content text not null default '',
      popup boolean not null default false,
      starts_at timestamptz not null,
      ends_at timestamptz,
      created_at timestamptz not null default now(),
      unique (company_id, brd_seq)
    );
    create index gw_notices_company_idx on gw_notices (company_id, starts_at);

    create table gw_alarms (
      id bigint generated always as identity primary key,
      user_id bigint not null references users(id) on delete cascade,
      type_code text not null,
      title text not null,
      sender text not null default '',
      link text not null default '',
      created_at timestamptz not null default now()
    );
    create index gw_alarms_user_idx on gw_alarms (user_id, id);

    create table gw_vacation_promotions (
      user_id bigint primary key references users(id) on delete cascade,
      result jsonb not null,
      updated_at timestamptz not null default now()
    );

    create table gw_absences (
      user_id bigint primary key references users(id) on delete cascade,
      status text not null,
      updated_at timestamptz not null default now()
    );

    -- One-time numbers that open the mini window without a password.
    create table mini_auth_numbers (
      number_hash text primary key,
      user_id bigint not null references users(id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table friend_groups (
      id bigint generated always as identity primary key,
      user_id bigint not null references users(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      unique (user_id, name)
    );

    create table friends (
      user_id bigint not null references users(id) on delete cascade,
      friend_id bigint not null references users(id) on delete cascade,
      group_id bigint references friend_groups(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (user_id, friend_id)
    );
    create index friends_group_idx on friends (group_id);

    -- One card per user and work day (yyyyMMdd in the company's calendar).
    create table attendance_cards (
      user_id bigint not null references users(id) on delete cascade,
      work_date text not null,
      check_in_at timestamptz,
      check_out_at timestamptz,
      midnight_checkout boolean not null default false,
      primary key (user_id, work_date)
    );

    create table centrex_call_logs (
      id bigint generated always as identity primary key,
      user_id bigint not null references users(id) on delete cascade,
      group_id text,
      rec_type text not null,
      rec_usr_key text not null default '',
      rec_usr_name text not null default '',
      rec_phone text not null,
      crx_call_type text not null default '',
      created_at timestamptz not null default now()
    );
    create index centrex_call_logs_user_idx on centrex_call_logs (user_id, id);

    create table chat_files (
      id bigint generated always as identity primary key,
      room_id bigint not null references chat_rooms(id) on delete cascade,
      uploader_id bigint references users(id) on delete set null,
      file_name text not null,
      size bigint not null,
      mime_type text not null,
      storage_key text not null,
      thumb_key text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index chat_files_room_idx on chat_files (room_id, id);

    create table webhard_folders (
      id bigint generated always as identity primary key,
      company_id bigint not null references companies(id) on delete cascade,
      parent_id bigint references webhard_folders(id) on delete cascade,
      folder_type smallint not null default 1,
      name text not null,
      created_at timestamptz not null default now()
    );
    create index webhard_folders_parent_idx on webhard_folders (company_id, parent_id);

    create table webhard_files (
      id bigint generated always as identity primary key,
      company_id bigint not null references companies(id) on delete cascade,
      folder_id bigint references webhard_folders(id) on delete cascade,
      owner_id bigint references users(id) on delete set null,
      name text not null,
      size bigint not null,
      storage_key text not null,
      role_download smallint not null default 0,
      updated_at timestamptz not null default now()
    );
    create index webhard_files_folder_idx on webhard_files (company_id, folder_id);

    create table webhard_links (
      token_hash text primary key,
      file_id bigint not null references webhard_files(id) on delete cascade,
      created_by bigint not null references users(id) on delete cascade,
      expires_at timestamptz not null
    );
  `,
};
