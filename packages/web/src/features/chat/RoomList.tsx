/**
 * The virtualised room list (react-virtuoso, so thousands of rooms scroll smoothly). A row is a button named by the
 * room and its unread count; a click selects it, a double click or Enter opens the room window.
 */
import { PushpinFilled } from "@ant-design/icons";
import { formatBadge, formatLastMessageTime, isPinned } from "@moa/shared";
import { Avatar, Badge } from "antd";
import {
  forwardRef,
  useEffect,
  useId,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
} from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { lastMessagePreview, type RoomRowData } from "./room-display";

type ListContext = { label: string };

const List = forwardRef<
  HTMLDivElement,
  HTMLAttributes<HTMLDivElement> & { context?: ListContext }
>(function List({ context, ...props }, ref) {
  return <div {...props} ref={ref} role="list" aria-label={context?.label} />;
});

function Item({
  context: _context,
  ...props
}: HTMLAttributes<HTMLDivElement> & { context?: ListContext }) {
  return <div {...props} role="listitem" />;
}

type RoomListProps = {
  rows: readonly RoomRowData[];
  label: string;
  onOpen: (roomName: string) => void;
};

// Time labels change at most once a minute (HH:mm today, MM-dd later).
const CLOCK_TICK_MS = 60_000;

/** The current time, refreshed every minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, CLOCK_TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

export function RoomList({ rows, label, onOpen }: RoomListProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const now = useMinuteClock();
  return (
    <Virtuoso
      className="moa-chat__list"
      data={rows}
      context={{ label }}
      components={{ List, Item }}
      computeItemKey={(_, row) => row.room.name}
      itemContent={(_, row) => (
        <RoomRow
          row={row}
          now={now}
          selected={row.room.name === selected}
          onSelect={() => {
            setSelected(row.room.name);
          }}
          onOpen={() => {
            onOpen(row.room.name);
          }}
        />
      )}
    />
  );
}

type RoomRowProps = {
  row: RoomRowData;
  now: number;
  selected: boolean;
  onSelect: () => void;
  onOpen: () => void;
};

function RoomRow({ row, now, selected, onSelect, onOpen }: RoomRowProps) {
  const { t } = useTranslation();
  const previewId = useId();
  const { room, displayName } = row;
  const badge = formatBadge(room.unreadCount);
  const time = formatLastMessageTime(
    room.lastMessage ? room.lastMessageTime : null,
    now,
    -new Date(now).getTimezoneOffset(),
  );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Enter") return;
    // Enter opens (a button's Enter would otherwise only select, as a single click does).
    e.preventDefault();
    onOpen();
  };
  return (
    <button
      type="button"
      className={`moa-chat__room${selected ? " is-selected" : ""}`}
      aria-label={
        badge
          ? t("chat.list.rowLabel", { name: displayName, unread: badge })
          : displayName
      }
      aria-describedby={previewId}
      aria-pressed={selected}
      onClick={onSelect}
      onDoubleClick={onOpen}
      onKeyDown={onKeyDown}
    >
      <Avatar className="moa-chat__avatar" aria-hidden="true">
        {displayName.slice(0, 1)}
      </Avatar>
      <span className="moa-chat__main">
        <span className="moa-chat__line">
          <span className="moa-chat__name">{displayName}</span>
          {isPinned(room) ? (
            <PushpinFilled
              className="moa-chat__pin"
              aria-label={t("chat.list.pinned")}
            />
          ) : null}
          <time className="moa-chat__time">{time}</time>
        </span>
        <span className="moa-chat__line">
          <span id={previewId} className="moa-chat__preview">
            {lastMessagePreview(room, t)}
          </span>
          {badge ? (
            <Badge
              className="moa-chat__badge"
              count={badge}
              aria-hidden="true"
            />
          ) : null}
        </span>
      </span>
    </button>
  );
}
