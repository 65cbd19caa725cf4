/**
 * 008: message search by room and text in one index (docs/protocol.md, urn:moa:search:0).
 *
 * The trigram index of migration 006 knows the text but not the room: a word frequent in the rooms a searcher is not
 * in (and absent from theirs) made every search for it read all its matches, or all the searcher's messages, to find
 * none (166 ms p99 at 1,000,000 messages on PostgreSQL); a one-syllable query's "a bigram word starting with c" is
 * read as one frequent trigram. This index keys every message by its room and each character and character pair of its
 * text — "회의실" in room 7 gives 7:회 7:의 7:실 7:회의 7:의실 — so a search reads, for each of the searcher's rooms, only
 * the entries of that room: `keys && {7:회의, 9:회의, …}` (any of my rooms has the pair), one such condition per pair
 * of the query. A message's keys all name its own room, so pairs found in different rooms never combine. The keys are
 * a pre-filter (pairs, not their order); the LIKE on the bigram text stays the exact test.
 *
 * The keys are an index expression over the bigram text (migration 006), computed inside the archive's own INSERT
 * like the column itself; deleted messages and room events have no bigram text and no keys. The bigram text is a
 * space, then per character a cell of three: the character, the next one (a space for the last) and a space; one
 * regular expression rewrites each cell into its two keys, separated by U+0001 (which the search maps to U+0002 on
 * both sides, should a message hold it). The last cell's pair ends in a space, a key no search looks up. (A set-returning
 * subquery per message cost 2.7 times as much, at index build and on every archived message.)
 *
 * The trigram index of migration 006 is dropped: the search reads this one instead, and the archive keeps paying for
 * one text index per message, not two.
 */
export const m008SearchRoomKeys = {
  version: "008-search-room-keys",
  sql: `
    create function chat_search_keys(room bigint, grams text) returns text[]
    language sql immutable strict parallel safe as $$
      select string_to_array(
        rtrim(
          regexp_replace(substr(replace(grams, chr(1), chr(2)), 2), '(.)(.).?',
            room || ':\\1' || chr(1) || room || ':\\1\\2' || chr(1), 'g'),
          chr(1)),
        chr(1))
    $$;

    create index chat_messages_search_keys_idx on chat_messages
      using gin (chat_search_keys(room_id, search_grams));
    drop index chat_messages_search_idx;
  `,
};
