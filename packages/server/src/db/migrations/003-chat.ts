/**
 * 003: chat rooms, memberships (with read watermark and visibility), the message archive and per-user chat
 * data. Times the protocol exposes are epoch milliseconds (bigint), as the spec's message keys are.
 */
export const m003Chat = {
  version: "003-chat",
  sql: `
    create table chat_rooms (
      id bigint generated always as identity primary key,
      company_id bigint not null references companies(id) on delete cascade,
      name text not null unique,
      type smallint not null,
      title text not null default '',
      created_by bigint references users(id) on delete set null,
      created_at bigint not null
    );

    create table chat_members (
      room_id bigint not null references chat_rooms(id) on delete cascade,
      user_id bigint not null references users(id) on delete cascade,
      affiliation text not null default 'owner',
      joined_at bigint not null,
      -- Messages with an id at or below this are not visible to the member (group invitees, left dual rooms).
      history_from_id bigint not null default 0,
      -- Set when the member left a dual room: the room is hidden until a new message arrives.
      leave_time bigint,
      -- Read watermark: log time of the last message read; only moves forward.
      watch bigint not null default 0,
      my_room_name text,
      primary key (room_id, user_id)
    );
    create index chat_members_user_idx on chat_members (user_id);

    create table chat_messages (
      id bigint generated always as identity primary key,
      room_id bigint not null references chat_rooms(id) on delete cascade,
      sender_id bigint references users(id) on delete set null,
      sender_jid text not null,
      -- XEP-0359 origin id from the client (or generated): retries with the same one are stored once.
      origin_id text not null,
      log_time bigint not null,
      body text not null,
      content_type text not null default 'TALK',
      extension text,
      reply_title text,
      reply_text text,
      reply_time bigint,
      deleted_at bigint,
      unique (room_id, sender_jid, origin_id)
    );
    create index chat_messages_room_id_idx on chat_messages (room_id, id);
    create index chat_messages_room_time_idx on chat_messages (room_id, log_time);

    -- Presence per user and target (pc, webchat, web, mobile); one row per connected resource.
    create table chat_presence (
      user_id bigint not null references users(id) on delete cascade,
      resource text not null,
      target text not null,
      show text not null,
      login_time bigint not null,
      primary key (user_id, resource)
    );

    -- The last login time per user and target, for the 5-second login notification rule.
    create table chat_logins (
      user_id bigint not null references users(id) on delete cascade,
      target text not null,
      login_time bigint not null,
      primary key (user_id, target)
    );

    create table chat_user_data (
      user_id bigint primary key references users(id) on delete cascade,
      room_orders text not null default '[]',
      private_room boolean not null default true,
      blocked_alarms text not null default '[]'
    );
  `,
};
