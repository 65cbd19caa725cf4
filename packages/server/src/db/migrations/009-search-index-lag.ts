/**
 * 009: the search index leaves the archive's commit. Migration 006 indexed the archive's bigram text itself, so
 * every message's commit added its trigrams to the GIN index: on PostgreSQL about 60 % of the insert's cost, and on
 * PGlite, where the database is one thread, the index's pending-list merges held every commit waiting behind them
 * for 4–12 ms a few times a second at 500 messages/s. The index now lives in its own table, chat_search, filled
 * behind the archive by the search indexer (services/chat/search-indexer.ts) in short statements of its own;
 * chat_search_progress holds the highest message id it has read. Search reads messages above that id from the
 * archive directly (chat-search.repository.ts), so a message is found the moment it is stored.
 *
 * The pending list stays at 256 kB (008): on PGlite the merges still share the one thread with the commits, and a
 * 4 MB merge held it for 25–35 ms.
 *
 * Rows keep the message's room (the room bitmap is ANDed with the text bitmap as it was on the archive) and its
 * bigram text. A deleted message's row is removed with it; search still checks every candidate against the archive's
 * own bigram text, which a tombstone no longer has.
 */
export const m009SearchIndexLag = {
  version: "009-search-index-lag",
  sql: `
    create table chat_search (
      id bigint primary key references chat_messages(id) on delete cascade,
      room_id bigint not null,
      search_grams text not null
    );
    insert into chat_search (id, room_id, search_grams)
      select id, room_id, search_grams from chat_messages where search_grams is not null;
    create index chat_search_room_idx on chat_search (room_id, id);

    create table chat_search_progress (
      only_row boolean primary key default true check (only_row),
      indexed_to bigint not null
    );
    insert into chat_search_progress (indexed_to) select coalesce(max(id), 0) from chat_messages;

    drop index chat_messages_search_idx;
    do $$
    declare trgm_schema text;
    begin
      select n.nspname into trgm_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm';
      execute format(
        'create index chat_search_grams_idx on chat_search using gin (search_grams %I.gin_trgm_ops) '
        'with (gin_pending_list_limit = 256)',
        trgm_schema);
    end $$;
  `,
};
