/**
 * 012: nodes sharing the database take the archive's commit lock in the same round trip as their insert. The lock was
 * a statement of its own, and the insert left only once the node had read the grant: the lock sat held and idle for as
 * long as the node's event loop took to reach that reply, and every batch of every node waited behind it. Without that
 * wait two warm nodes delivered at 500 msg/s with about a quarter less median latency (docs/benchmarks.md).
 *
 * The lock is taken by a statement before the insert's: a volatile function takes a fresh snapshot for each statement,
 * so the insert, which raises each room's log time above the latest stored one, sees every batch committed while this
 * one waited for the lock (in one statement it would not: its snapshot would predate the wait). PL/pgSQL keeps the
 * insert's plan for the connection. The lock is session-level: it is still held after the insert's transaction
 * commits, until the node has published the batch and releases it.
 */
export const m012ArchiveInsertTakesLock = {
  version: "012-archive-insert-takes-lock",
  sql: `
    create function archive_insert_locked(
      lock_key bigint,
      raise_from bigint,
      room_ids bigint[],
      sender_ids bigint[],
      sender_jids text[],
      origin_ids text[],
      log_times bigint[],
      bodies text[],
      content_types text[],
      extensions text[],
      reply_titles text[],
      reply_texts text[],
      reply_times bigint[],
      grams text[]
    ) returns table (stored_id bigint, stored_room_id bigint, stored_sender_jid text, stored_origin_id text,
      stored_log_time bigint)
      language plpgsql volatile set search_path from current
      as $$
        begin
          perform pg_advisory_lock(lock_key);
          -- A room's k-th message of the batch gets at least its counted time, and k past the room's latest.
          return query
            insert into chat_messages as c (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type,
                extension, reply_title, reply_text, reply_time, search_grams)
              select t.room_id, t.sender_id, t.sender_jid, t.origin_id,
                  greatest(t.log_time, coalesce(l.latest, 0) + t.log_time - raise_from + 1),
                  t.body, t.content_type, t.extension, t.reply_title, t.reply_text, t.reply_time, t.search_grams
                from unnest(room_ids, sender_ids, sender_jids, origin_ids, log_times, bodies, content_types,
                    extensions, reply_titles, reply_texts, reply_times, grams) with ordinality
                  as t(room_id, sender_id, sender_jid, origin_id, log_time, body, content_type, extension,
                    reply_title, reply_text, reply_time, search_grams, n)
                left join lateral (
                  select max(m.log_time) as latest from chat_messages m where m.room_id = t.room_id
                ) l on true
                order by t.n
              on conflict (room_id, sender_jid, origin_id) do nothing
              returning c.id, c.room_id, c.sender_jid, c.origin_id, c.log_time;
        end
      $$;
  `,
};
