/**
 * The virtualised room list (react-virtuoso, so thousands of rooms scroll smoothly). A row is a button named by the
 * room and its unread count; a click selects it, a double click or Enter opens the room window, and a right click,
 * Shift+F10 or the context-menu key opens the row's menu (pin, alarm, hide, leave).
 */
import { MutedOutlined, PushpinFilled } from "@ant-design/icons";
import { formatBadge, formatLastMessageTime, isPinned } from "@moa/shared";
import { Avatar, Badge } from "antd";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import {
  menuKeyPoint,
  PointerMenu,
  pointIn,
  VirtualList,
  VirtualListItem,
} from "../../ui";
import type { RoomAction } from "./room-commands";
import { lastMessagePreview, type RoomRowData } from "./room-display";

type RoomListProps = {
  rows: readonly RoomRowData[];
  label: string;
  onOpen: (roomName: string) => void;
  /** What a row's menu offers. */
  actionsOf: (row: RoomRowData) => readonly RoomAction[];
  onAction: (row: RoomRowData, action: RoomAction) => void;
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

export function RoomList({
  rows,
  label,
  onOpen,
  actionsOf,
  onAction,
}: RoomListProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  // One menu for the whole list, at the pointer or the row: a menu per row would weigh on every scrolled row.
  const [menu, setMenu] = useState<{
    row: RoomRowData;
    opener: HTMLElement;
    x: number;
    y: number;
  } | null>(null);
  const now = useMinuteClock();
  const actions = menu ? actionsOf(menu.row) : [];
  const wrap = useRef<HTMLDivElement>(null);
  return (
    <div ref={wrap} className="moa-chat__list-wrap">
      <Virtuoso
        className="moa-chat__list"
        data={rows}
        context={{ label }}
        components={{ List: VirtualList, Item: VirtualListItem }}
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
            onMenu={(x, y, from) => {
              setMenu({ row, opener: from, ...pointIn(wrap.current, x, y) });
            }}
          />
        )}
      />
      <PointerMenu
        at={menu}
        items={actions.map((action) => ({
          key: action,
          label: t(`chat.action.${action}`),
          danger: action === "leave",
        }))}
        opener={menu?.opener ?? null}
        onClose={() => {
          setMenu(null);
        }}
        onPick={(action) => {
          if (menu) onAction(menu.row, action);
        }}
      />
    </div>
  );
}

type RoomRowProps = {
  row: RoomRowData;
  now: number;
  selected: boolean;
  onSelect: () => void;
  onOpen: () => void;
  /** Opens the row's menu at a point of the viewport; `from` gets the focus back afterwards. */
  onMenu: (x: number, y: number, from: HTMLElement) => void;
};

function RoomRow({
  row,
  now,
  selected,
  onSelect,
  onOpen,
  onMenu,
}: RoomRowProps) {
  const { t } = useTranslation();
  const previewId = useId();
  const mutedId = useId();
  const { room, displayName } = row;
  const badge = formatBadge(room.unreadCount);
  const time = formatLastMessageTime(
    room.lastMessage ? room.lastMessageTime : null,
    now,
    -new Date(now).getTimezoneOffset(),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = menuKeyPoint(e);
    if (at) {
      e.preventDefault();
      onMenu(at.clientX, at.clientY, e.currentTarget);
      return;
    }
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
      aria-describedby={
        room.alarmBlocked ? `${previewId} ${mutedId}` : previewId
      }
      aria-pressed={selected}
      onClick={onSelect}
      onDoubleClick={onOpen}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu(e.clientX, e.clientY, e.currentTarget);
      }}
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
          {room.alarmBlocked ? (
            <MutedOutlined
              id={mutedId}
              className="moa-chat__muted"
              aria-label={t("chat.list.muted")}
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
