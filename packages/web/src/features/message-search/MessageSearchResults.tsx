/**
 * The "messages" section of the chatting tab's search (issue #18): the server's matches across every room the user
 * may read, newest first, each with its room, sender, time and highlighted snippet; a room picker narrows them to one
 * room and "more" loads older pages. Typing is debounced; a click opens the room window at that message.
 */
import { formatLastMessageTime } from "@moa/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Alert, App, Button, Empty, Select, Spin } from "antd";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChatSync } from "../chat";
import { searchMessages } from "./search-api";
import type { SearchHit } from "./search-stanzas";
import { Snippet } from "./Snippet";
import { useDebounced } from "./use-debounced";
import "./message-search.css";

// Long enough to skip the keystrokes of a word being typed, short enough to feel immediate.
const TYPING_DEBOUNCE_MS = 300;

type MessageSearchResultsProps = {
  /** The header's search text. */
  text: string;
  /** The rooms the user can pick to narrow the search: name and shown title. */
  rooms: readonly { name: string; title: string }[];
  /** Opens the room window at a hit; false when it could not open. */
  onOpen: (hit: SearchHit) => boolean;
};

export function MessageSearchResults({
  text,
  rooms,
  onOpen,
}: MessageSearchResultsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sync = useChatSync();
  const ownJid = sync.ownJid();
  const headingId = useId();
  const q = useDebounced(text.trim(), TYPING_DEBOUNCE_MS, "");
  const [room, setRoom] = useState("");
  // Results belong to one user's rooms: the signed-in user is part of the cache key.
  const search = useInfiniteQuery({
    queryKey: ["message-search", ownJid, q, room],
    queryFn: ({ pageParam }) =>
      searchMessages((iq, timeoutMs) => sync.request(iq, timeoutMs), {
        q,
        ...(room ? { room } : {}),
        ...(pageParam === undefined ? {} : { before: pageParam }),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    enabled: q.length > 0,
    // Messages arrive all the time: a search typed again asks the server again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const hits = useMemo(
    () => search.data?.pages.flatMap((page) => page.hits) ?? [],
    [search.data],
  );
  const roomOptions = useMemo(
    () => [
      { value: "", label: t("messageSearch.allRooms") },
      ...rooms.map((r) => ({ value: r.name, label: r.title })),
    ],
    [rooms, t],
  );
  // Times read as of the answer (today's messages as HH:mm).
  const now = search.dataUpdatedAt;
  const offsetMinutes = -new Date(now).getTimezoneOffset();

  let body;
  if (q.length === 0 || search.isPending)
    body = <Spin size="small" aria-label={t("messageSearch.loading")} />;
  else if (search.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t("messageSearch.failed")}
        action={
          <Button size="small" onClick={() => void search.refetch()}>
            {t("chat.list.retry")}
          </Button>
        }
      />
    );
  else if (hits.length === 0)
    body = (
      <Empty
        description={t("messageSearch.empty")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  else
    body = (
      <>
        <ul
          className="moa-search__hits"
          aria-label={t("messageSearch.results")}
        >
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                className="moa-search__hit"
                onClick={() => {
                  if (!onOpen(hit))
                    void message.warning(t("chat.list.openFailed"));
                }}
              >
                <span className="moa-search__line">
                  <span className="moa-search__room">{hit.roomTitle}</span>
                  <time
                    className="moa-search__time"
                    dateTime={new Date(hit.time).toISOString()}
                  >
                    {formatLastMessageTime(hit.time, now, offsetMinutes)}
                  </time>
                </span>
                <span className="moa-search__line">
                  <span className="moa-search__sender">{hit.senderName}</span>
                  <Snippet parts={hit.snippet} />
                </span>
              </button>
            </li>
          ))}
        </ul>
        {search.hasNextPage ? (
          <Button
            type="link"
            size="small"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {t("messageSearch.more")}
          </Button>
        ) : null}
      </>
    );

  return (
    <section className="moa-search" aria-labelledby={headingId}>
      <div className="moa-search__head">
        <h2 id={headingId} className="moa-search__title">
          {t("messageSearch.title")}
        </h2>
        <Select
          size="small"
          className="moa-search__room-filter"
          aria-label={t("messageSearch.room")}
          value={room}
          options={roomOptions}
          showSearch={{ optionFilterProp: "label" }}
          popupMatchSelectWidth={false}
          onChange={setRoom}
        />
      </div>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
