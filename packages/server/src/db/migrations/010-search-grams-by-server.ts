/**
 * 010: the server writes the archive's bigram text (006) itself. As a generated column the database computed it
 * inside the archive's insert, with two regular-expression passes a message: on PGlite that was about a fifth of the
 * database thread's time per stored message (38 µs of 170 in batches of ten; 85 µs of a single message's 550), work
 * the server does in a few microseconds while the database waits for nothing. The column becomes a plain one (its
 * stored values stay), the insert supplies it (chat-search.repository.ts searchGrams), and deleting a message clears
 * it. Rows loaded in bulk with SQL, as tests and benchmarks do, take it from search_grams(content_type, body), the
 * former expression kept as a function; a test holds the server's and this function's results equal.
 */
export const m010SearchGramsByServer = {
  version: "010-search-grams-by-server",
  sql: `
    create function search_grams(content_type text, body text) returns text
      language sql immutable parallel safe
      as $$
        select case when content_type in ('TALK', 'FILE') then
          ' ' || regexp_replace(
            substr(regexp_replace(lower(normalize(body, NFC)), '(.)', '\\1\\1', 'g'), 2),
            '(..)', '\\1 ', 'g') || ' '
        end
      $$;

    alter table chat_messages alter column search_grams drop expression;
  `,
};
