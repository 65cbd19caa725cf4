/**
 * 006: message search (docs/protocol.md, urn:moa:search:0). Substring search must work for Korean, where words
 * carry particles ("견적" has to find "견적서를"), so word-based full-text search does not fit: a pg_trgm GIN index
 * answers `like '%…%'` for any script.
 *
 * The indexed text is a stored generated column: PostgreSQL computes it inside the archive's own INSERT (and again
 * when a message becomes a tombstone), so the index never lags the archive and the group-commit insert is unchanged.
 * It is the body, NFC-normalised and lower-cased, for TALK and FILE messages (a FILE body is its file name); room
 * events and deleted messages have none and never match. Queries normalise the same way with the same functions.
 *
 * The extension is created in public once per database (it is database-wide; test schemas come and go beside it),
 * and the index names its operator class in whichever schema the extension lives in.
 */
export const m006Search = {
  version: "006-search",
  sql: `
    create extension if not exists pg_trgm with schema public;

    alter table chat_messages add column search_text text generated always as (
      case when deleted_at is null and content_type in ('TALK', 'FILE') then lower(normalize(body, NFC)) end
    ) stored;

    do $$
    declare trgm_schema text;
    begin
      select n.nspname into trgm_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm';
      execute format(
        'create index chat_messages_search_idx on chat_messages using gin (search_text %I.gin_trgm_ops)',
        trgm_schema);
    end $$;
  `,
};
