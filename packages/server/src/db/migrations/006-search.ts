/**
 * 006: message search (docs/protocol.md, urn:moa:search:0). Korean needs substring search — words carry particles,
 * so "견적" has to find "견적서를" — which word-based full-text search cannot do. pg_trgm indexes substrings in any
 * script, but only queries of three characters or more: one or two Hangul syllables are common searches.
 *
 * So the index covers the text rewritten as its character bigrams, each a word of its own: "회의실" becomes
 * " 회의 의실 실 ". To pg_trgm a two-character word yields the trigrams "  회", " 회의" and "회의 ", so
 *   - a one-character query c is the pattern '% c%' (a word starting with c: trigram "  c"),
 *   - a query of n ≥ 2 characters is its n−1 bigrams in a row, '% 회의 의실 %', whose trigrams the index intersects,
 * and LIKE on that text matches exactly when the original contains the query (see chat-search.repository.ts).
 *
 * The bigram text is a stored generated column: PostgreSQL computes it inside the archive's own INSERT (and clears it
 * when a message becomes a tombstone), so the index never lags the archive and the group-commit insert is unchanged.
 * It is built from the body NFC-normalised and lower-cased, for TALK and FILE messages only (a FILE body is its file
 * name); room events and deleted messages have none and never match.
 *
 * The extension is created in public once per database (it is database-wide; test schemas come and go beside it),
 * and the index names its operator class in whichever schema the extension lives in.
 */
export const m006Search = {
  version: "006-search",
  sql: `
    create extension if not exists pg_trgm with schema public;

    alter table chat_messages add column search_grams text generated always as (
      case when deleted_at is null and content_type in ('TALK', 'FILE') then
        ' ' || regexp_replace(
          substr(regexp_replace(lower(normalize(body, NFC)), '(.)', '\\1\\1', 'g'), 2),
          '(..)', '\\1 ', 'g') || ' '
      end
    ) stored;

    do $$
    declare trgm_schema text;
    begin
      select n.nspname into trgm_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm';
      execute format(
        'create index chat_messages_search_idx on chat_messages using gin (search_grams %I.gin_trgm_ops)',
        trgm_schema);
    end $$;
  `,
};
