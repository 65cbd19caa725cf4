/**
 * The "messages" section of the chatting tab's search (issue #18): the server's matches across every room the user
 * may read, newest first, each with its room, sender, time and highlighted snippet; a room picker narrows them to one
 * room and "more" loads older pages. Typing is debounced; a click opens the room window at that message.
 */
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { searchMessages, type SendIq } from "./search-api";
import type { SearchHit, SearchParams } from "./search-stanzas";
import { Snippet } from "./Snippet";
import { useDebounced } from "./use-debounced";
import { useMessageSearch } from "./use-message-search";
import "./message-search.css";

// Long enough to skip the keystrokes of a word being typed, short enough to feel immediate.
const TYPING_DEBOUNCE_MS = 300;

// The chatting tab hands in what it already has (its chat connection, its time labels) and the section is built of
// plain elements, so this chunk shares few modules with the main window's first load: the bundler splits each shared
// module into a chunk of its own there, which costs the first load.
type MessageSearchResultsProps = {
  /** The header's search text. */
  text: string;
  /** The main window's chat connection (a stable function). */
  sendIq: SendIq;
  /** A message time as the room list shows it (HH:mm today, else the date), in the viewer's UTC offset (minutes). */
  timeLabel: (time: number, now: number, offsetMinutes: number) => string;
  /** The rooms the user can pick to narrow the search: name and shown title. */
  rooms: readonly { name: string; title: string }[];
  /** Opens the room window at a hit (and says so when it cannot). */
  onOpen: (hit: SearchHit) => void;
};

export function MessageSearchResults({
  text,
  sendIq,
  timeLabel,
  rooms,
  onOpen,
}: MessageSearchResultsProps) {
  const { t } = useTranslation();
  const roomFilterId = useId();
  const headingId = useId();
  const q = useDebounced(text.trim(), TYPING_DEBOUNCE_MS, "");
  const [room, setRoom] = useState("");
  const search = useMessageSearch(
    useCallback(
      (params: SearchParams) => searchMessages(sendIq, params),
      [sendIq],
    ),
    q,
    room,
  );
  const hits = search.hits;
  // Times read as of the answer (today's messages as HH:mm).
  const now = search.answeredAt;

  let body;
  if (q.length === 0 || search.status === "loading" || search.status === "idle")
    body = (
      <p className="moa-search__note" role="status">
        {t("messageSearch.loading")}
      </p>
    );
  else if (search.status === "failed")
    body = (
      <p className="moa-search__note" role="alert">
        {t("messageSearch.failed")}{" "}
        <button
          type="button"
          className="moa-search__link"
          onClick={search.retry}
        >
          {t("chat.list.retry")}
        </button>
      </p>
    );
  else if (hits.length === 0)
    body = <p className="moa-search__note">{t("messageSearch.empty")}</p>;
  else
    body = (
      <>
        <ul className="moa-search__hits" aria-labelledby={headingId}>
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                className="moa-search__hit"
                onClick={() => {
                  onOpen(hit);
                }}
              >
                <span className="moa-search__line">
                  <span className="moa-search__room">{hit.roomTitle}</span>
                  <time
                    className="moa-search__time"
                    dateTime={new Date(hit.time).toISOString()}
                  >
                    {timeLabel(
                      hit.time,
                      now,
                      -new Date(hit.time).getTimezoneOffset(),
                    )}
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
        {search.next === undefined ? null : (
          <button
            type="button"
            className="moa-search__link moa-search__more"
            disabled={search.loadingMore}
            onClick={search.more}
          >
            {t("messageSearch.more")}
          </button>
        )}
      </>
    );

  return (
    <section className="moa-search" aria-labelledby={headingId}>
      <div className="moa-search__head">
        <h2 id={headingId} className="moa-search__title">
          {t("messageSearch.title")}
        </h2>
        {/* A native select: antd's would bring its shared parts out of the first load's chunks. */}
        <label htmlFor={roomFilterId} className="moa-visually-hidden">
          {t("messageSearch.room")}
        </label>
        <select
          id={roomFilterId}
          className="moa-search__room-filter"
          value={room}
          onChange={(e) => {
            setRoom(e.target.value);
          }}
        >
          <option value="">{t("messageSearch.allRooms")}</option>
          {rooms.map((r) => (
            <option key={r.name} value={r.name}>
              {r.title}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
