/**
 * 011: storing a message no longer checks its room and sender against their tables. A foreign key checks every
 * inserted row with a query that also locks the parent row (the room's and the sender's, a write to their table and
 * its log once per commit and parent): 8–17 % of a ten-message archive commit on PGlite (its database thread is what
 * bounds the embedded server's throughput), 5–14 % on PostgreSQL (where nodes commit one at a time under the archive
 * lock). The archive needs no such check: a message is stored only after the sender was found a member of the room,
 * and the server deletes neither rooms nor users (rooms are left, users deactivated).
 *
 * What the keys did on delete stays, for an operator who deletes rows by hand: deleting rooms deletes their messages,
 * and deleting users leaves their messages without a sender id, each once per statement. A message stored while its
 * room is being deleted in another transaction can now outlive the room; nothing shows it (every read goes through
 * the room's members).
 */
export const m011ArchiveInsertWithoutKeyChecks = {
  version: "011-archive-insert-without-key-checks",
  sql: `
    alter table chat_messages
      drop constraint chat_messages_room_id_fkey,
      drop constraint chat_messages_sender_id_fkey;

    create function delete_messages_of_deleted_rooms() returns trigger
      language plpgsql set search_path from current
      as $$
        begin
          delete from chat_messages m using deleted_rooms d where m.room_id = d.id;
          return null;
        end
      $$;
    create trigger chat_rooms_delete_messages after delete on chat_rooms
      referencing old table as deleted_rooms
      for each statement execute function delete_messages_of_deleted_rooms();

    create function unlink_messages_of_deleted_users() returns trigger
      language plpgsql set search_path from current
      as $$
        begin
          update chat_messages m set sender_id = null from deleted_users d where m.sender_id = d.id;
          return null;
        end
      $$;
    create trigger users_unlink_messages after delete on users
      referencing old table as deleted_users
      for each statement execute function unlink_messages_of_deleted_users();
  `,
};
