/**
 * The virtualised message list (react-virtuoso, spec §2.11): rows are prepended with `firstItemIndex` so loading older
 * pages keeps the view still, new messages follow the bottom when the caller says so, and scrolling reports where the
 * view is (near the top fetches older history, near the bottom follows new messages).
 */
import {
  countUnread,
  type MessageMenuItem,
  type ReadStateMember,
} from "@moa/shared";
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { PointerMenu, pointIn, VirtualList, VirtualListItem } from "../../ui";
import { MessageItem } from "./MessageItem";
import { MESSAGE_MENU_LABELS, menuItemsOf } from "./message-menu";
import type { MessageRow } from "./message-rows";
import type { RoomMessage } from "./room-message";
import type { SearchHit } from "./room-search";
import { nextScrollPosition, type ScrollPosition } from "./scroll-position";

const NO_HITS: readonly SearchHit[] = [];

export type MessageListProps = {
  rows: readonly MessageRow[];
  /** Virtuoso's index of the first row: lowered by as many rows as a history page prepends. */
  firstItemIndex: number;
  members: readonly ReadStateMember[];
  hits: ReadonlyMap<string, readonly SearchHit[]>;
  currentHit: SearchHit | null;
  flashKey: string | null;
  /** The message the window was opened at or searched to: marked, and where the list starts. */
  foundKey: string | null;
  nameOf: (jid: string, message?: RoomMessage) => string;
  /** The reader, whose mentions are highlighted. */
  me: { jid: string; name: string };
  offsetMinutes: number;
  onOpenSender: (jid: string) => void;
  /** Whether a message appended now should scroll into view. */
  shouldFollow: () => boolean;
  onPosition: (position: ScrollPosition) => void;
  onStartReached: () => void;
  /** The bottom was reached (a window opened at an older message loads forward). */
  onEndReached: () => void;
  onMenu: (
    item: MessageMenuItem,
    message: RoomMessage,
    body: HTMLElement | null,
  ) => void;
  onJumpTo: (messageKey: string) => void;
  onSeeAll: (message: RoomMessage) => void;
  listRef: Ref<VirtuosoHandle>;
};

export function MessageList({
  rows,
  firstItemIndex,
  members,
  hits,
  currentHit,
  flashKey,
  foundKey,
  nameOf,
  me,
  offsetMinutes,
  onOpenSender,
  shouldFollow,
  onPosition,
  onStartReached,
  onEndReached,
  onMenu,
  onJumpTo,
  onSeeAll,
  listRef,
}: MessageListProps) {
  const { t, i18n } = useTranslation();
  const foundIndex =
    foundKey === null ? -1 : rows.findIndex((r) => r.key === foundKey);
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        year: "numeric",
        month: "long",
        day: "numeric",
        weekday: "long",
      }),
    [i18n.language],
  );
  // One menu for the whole list (a dropdown per message would weigh on every message scrolled in).
  const wrap = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{
    message: RoomMessage;
    items: readonly MessageMenuItem[];
    body: HTMLElement | null;
    x: number;
    y: number;
  } | null>(null);
  const openMenu = useCallback(
    (
      message: RoomMessage,
      own: boolean,
      at: { clientX: number; clientY: number },
      body: HTMLElement | null,
    ) => {
      setMenu({
        message,
        items: menuItemsOf(message, own),
        body,
        ...pointIn(wrap.current, at.clientX, at.clientY),
      });
    },
    [],
  );
  const position = useRef(onPosition);
  useEffect(() => {
    position.current = onPosition;
  });
  // A list opened at the newest message starts at the bottom; one opened at a found message is placed by the ratio.
  const opensAtBottom = useRef(foundKey === null);
  // Virtuoso hands over its scroller once; the listener goes with the element.
  const scrollerRef = useCallback((el: HTMLElement | Window | null) => {
    if (!(el instanceof HTMLElement)) return;
    let previous: { scrollTop: number; nearBottom: boolean } | null =
      opensAtBottom.current ? { scrollTop: 0, nearBottom: true } : null;
    el.addEventListener("scroll", () => {
      const next = nextScrollPosition(el, previous);
      previous = { scrollTop: el.scrollTop, nearBottom: next.nearBottom };
      position.current(next);
    });
  }, []);
  return (
    <div ref={wrap} className="moa-room__list-wrap">
      <Virtuoso
        className="moa-room__list"
        ref={listRef}
        data={rows}
        context={{ label: t("chatRoom.list.label") }}
        components={{ List: VirtualList, Item: VirtualListItem }}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={
          foundIndex >= 0
            ? { index: foundIndex, align: "center" }
            : Math.max(0, rows.length - 1)
        }
        computeItemKey={(_, row) => row.key}
        followOutput={() => (shouldFollow() ? "auto" : false)}
        startReached={onStartReached}
        endReached={onEndReached}
        scrollerRef={scrollerRef}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        itemContent={(_, row) => {
          if (row.kind === "first")
            return (
              <div className="moa-room__delimiter" role="separator">
                <span>{t("chatRoom.list.first")}</span>
              </div>
            );
          if (row.kind === "date")
            return (
              <div className="moa-room__delimiter" role="separator">
                <span>{dateFormat.format(row.time)}</span>
              </div>
            );
          const { message } = row;
          return (
            <MessageItem
              row={row}
              unread={countUnread(
                { time: Number(message.key), senderJid: message.senderJid },
                members,
              )}
              hits={hits.get(message.key) ?? NO_HITS}
              currentHit={
                currentHit?.messageKey === message.key ? currentHit : null
              }
              flash={flashKey === message.key}
              found={foundKey === message.key}
              nameOf={nameOf}
              me={me}
              offsetMinutes={offsetMinutes}
              onOpenSender={onOpenSender}
              onContextMenu={openMenu}
              onJumpTo={onJumpTo}
              onSeeAll={onSeeAll}
            />
          );
        }}
      />
      <PointerMenu
        at={menu}
        items={(menu?.items ?? []).map((item) => ({
          key: item,
          label: t(MESSAGE_MENU_LABELS[item]),
          danger: item === "delete",
        }))}
        opener={menu?.body ?? null}
        onClose={() => {
          setMenu(null);
        }}
        onPick={(item) => {
          if (menu) onMenu(item, menu.message, menu.body);
        }}
      />
    </div>
  );
}
