/**
 * The pages of one message search: the first page when the query or room changes, older pages on demand. Kept as
 * plain state rather than a query cache: results go stale with every message, and the chunk stays free of the modules
 * the main window's first load shares (each shared module would be split into a chunk of its own).
 */
import { useCallback, useEffect, useRef, useState } from "react";
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
  const [state, setState] = useState<MessageSearch>(idle);
  const [attempt, setAttempt] = useState(0);
  // Answers of an earlier query or room are dropped.
  const current = useRef(0);

  useEffect(() => {
    const id = (current.current += 1);
    if (!q) {
      setState(idle);
      return;
    }
    setState({ ...idle, status: "loading" });
    void (async () => {
      try {
        const page = await search({ q, ...(room ? { room } : {}) });
        if (current.current === id)
          setState({
            status: "ready",
            hits: page.hits,
            next: page.next,
            loadingMore: false,
            answeredAt: Date.now(),
          });
      } catch {
        if (current.current === id) setState({ ...idle, status: "failed" });
      }
    })();
  }, [search, q, room, attempt]);

  const more = useCallback(() => {
    const id = current.current;
    const before = state.next;
    if (before === undefined || state.loadingMore) return;
    setState((s) => ({ ...s, loadingMore: true }));
    void (async () => {
      try {
        const page = await search({ q, ...(room ? { room } : {}), before });
        if (current.current === id)
          setState((s) => ({
            ...s,
            hits: [...s.hits, ...page.hits],
            next: page.next,
            loadingMore: false,
          }));
      } catch {
        if (current.current === id)
          setState((s) => ({ ...s, status: "failed", loadingMore: false }));
      }
    })();
  }, [search, q, room, state.next, state.loadingMore]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, more, retry };
}
