/**
 * 008: the search index's pending list. A GIN index collects new entries in a pending list and merges it into the
 * index when the list outgrows gin_pending_list_limit (4 MB by default); the insert that crosses the limit does the
 * whole merge inside the archive's commit. At 500 messages/s that was a 25–35 ms stall of the database every 7 s,
 * and every message waiting for that commit was delivered that much later. With 256 kB the merges come 16 times as
 * often and each is that much shorter (the stalls no longer stand out at 500 messages/s); the total work is about
 * the same.
 */
export const m008SearchIndexTail = {
  version: "008-search-index-tail",
  sql: `alter index chat_messages_search_idx set (gin_pending_list_limit = 256);`,
};
