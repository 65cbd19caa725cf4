/**
 * The pages of one message search: the first page when the query or room changes, older pages on demand. Kept as
 * plain state rather than a query cache: results go stale with every message, and the chunk stays free of the modules
 * the main window's first load shares (each shared module would be split into a chunk of its own).
 */
import { useCallback, useEffect, useState } from "react";
import type { SearchHit, SearchPage, SearchParams } from "./search-stanzas";

export type MessageSearch = {
  status: "idle" | "loading" | "ready" | "failed";
  hits: readonly SearchHit[];
  /** The cursor of the next (older) page; undefined at the end. */
  next: string | undefined;
  loadingMore: boolean;
  /** When the first page came (labels of today's times read from it). */
  answeredAt: number;
};

const idle: MessageSearch = {
  status: "idle",
  hits: [],
  next: undefined,
  loadingMore: false,
  answeredAt: 0,
};

/**
 * @param search - asks the server for a page.
 * @param q - the query; blank searches nothing.
 * @param room - one room's name, or "" for every room.
 * @returns the state, `more` (the next page) and `retry` (the first page again).
 */
export function useMessageSearch(
  search: (params: SearchParams) => Promise<SearchPage>,
  q: string,
  room: string,
): MessageSearch & { more: () => void; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The state belongs to one query, room and attempt: answers of an earlier one are dropped.
  const key = `${String(attempt)}\u0000${room}\u0000${q}`;
  const [state, setState] = useState<MessageSearch & { key: string }>({
    ...idle,
    key: "",
  });

  useEffect(() => {
    if (!q) return;
    const live = { current: true };
    void (async () => {
      try {
        const page = await search({ q, ...(room ? { room } : {}) });
        if (live.current)
          setState({
            key,
            status: "ready",
            hits: page.hits,
            next: page.next,
            loadingMore: false,
            answeredAt: Date.now(),
          });
      } catch {
        if (live.current) setState({ ...idle, key, status: "failed" });
      }
    })();
    return () => {
      live.current = false;
    };
  }, [search, q, room, key]);

  const shown: MessageSearch = !q
    ? idle
    : state.key === key
      ? state
      : { ...idle, status: "loading" };

  const more = useCallback(() => {
    const before = shown.next;
    if (before === undefined || shown.loadingMore) return;
    const mine = (s: typeof state) => s.key === key;
    setState((s) => (mine(s) ? { ...s, loadingMore: true } : s));
    void (async () => {
      try {
        const page = await search({ q, ...(room ? { room } : {}), before });
        setState((s) =>
          mine(s)
            ? {
                ...s,
                hits: [...s.hits, ...page.hits],
                next: page.next,
                loadingMore: false,
              }
            : s,
        );
      } catch {
        setState((s) =>
          mine(s) ? { ...s, status: "failed", loadingMore: false } : s,
        );
      }
    })();
  }, [search, q, room, key, shown.next, shown.loadingMore]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);

  return { ...shown, more, retry };
}
