/**
 * The chatting tab (spec §2.4): the new-chat button, the sort menu (last, notread; kept across reloads) and the room
 * list with its row menus, in list mode or — while the header search holds text — in search mode, filtered by name,
 * with the messages of every room that match below (issue #18; loaded on demand, outside the first load).
 */
import { FormOutlined, SortAscendingOutlined } from "@ant-design/icons";
import {
  formatLastMessageTime,
  ROOM_LIST_QUERY_TIMEOUT_MS,
  ROOM_SORT_MODES,
  type RoomSortMode,
} from "@moa/shared";
import { Alert, App, Button, Dropdown } from "antd";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOpenedOnce } from "../../ui";
import { useChatSync, useRoomList } from "./ChatContext";
import { roomActions } from "./room-commands";
import { roomDisplayName, roomRows } from "./room-display";
import { visibleRooms } from "./room-state";
import { RoomList } from "./RoomList";
import { saveRoomSort } from "./sort-preference";
import { useRoomAction } from "./use-room-action";
import "./chat.css";

// Starting a chat (org picker, room-type dialog) loads when first asked for: showing the room list needs neither.
const NewChat = lazy(async () => ({
  default: (await import("./NewChat")).NewChat,
}));

const MessageSearchResults = lazy(async () => ({
  default: (await import("../main/on-demand")).MessageSearchResults,
}));

type ChattingTabProps = {
  /** The header's search text; non-blank switches the list to search mode. */
  search: string;
  /**
   * Opens a room window (at the message of log time `at`, for a message search hit); false when it could not open
   * (locked, or blocked by the browser).
   */
  onOpen: (roomName: string, at?: number) => boolean;
};

export function ChattingTab({ search, onOpen }: ChattingTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sync = useChatSync();
  const ownJid = sync.ownJid();
  const state = useRoomList((s) => s);
  const rows = useMemo(
    () =>
      roomRows(visibleRooms(state), { ownJid, search, sort: state.sort, t }),
    [state, ownJid, search, t],
  );
  const sortLabel = t(`chat.sort.${state.sort}`);
  const sendIq = useCallback(
    (iq: Element) => sync.request(iq, ROOM_LIST_QUERY_TIMEOUT_MS),
    [sync],
  );
  const [newChatOpen, setNewChatOpen] = useState(false);
  const newChatMounted = useOpenedOnce(newChatOpen);
  const open = (roomName: string, at?: number) => {
    if (!onOpen(roomName, at)) void message.warning(t("chat.list.openFailed"));
  };
  const handleAction = useRoomAction(open);

  let body;
  if (!state.loaded && state.failed)
    body = (
      <Alert
        type="error"
        showIcon
        title={t("chat.list.loadFailed")}
        action={
          <Button size="small" onClick={() => void sync.reload()}>
            {t("chat.list.retry")}
          </Button>
        }
      />
    );
  else if (!state.loaded)
    body = (
      <span
        className="moa-spinner"
        role="img"
        aria-label={t("chat.list.loading")}
      />
    );
  else if (rows.length === 0)
    body = (
      // Plain text rather than antd's Empty, whose pictures would join the main window's first load.
      <p className="moa-chat__empty moa-secondary-text">
        {search ? t("chat.list.noMatch") : t("main.empty.chatting")}
      </p>
    );
  else
    body = (
      <RoomList
        rows={rows}
        label={search ? t("chat.list.searchLabel") : t("chat.list.label")}
        onOpen={open}
        actionsOf={(row) => roomActions(row.room, ownJid)}
        onAction={handleAction}
      />
    );

  return (
    <div className="moa-chat">
      <div className="moa-chat__toolbar">
        <Button
          type="text"
          size="small"
          className="moa-chat__new"
          icon={<FormOutlined />}
          onClick={() => {
            setNewChatOpen(true);
          }}
        >
          {t("chat.newChat.button")}
        </Button>
        <Dropdown
          trigger={["click"]}
          menu={{
            selectable: true,
            selectedKeys: [state.sort],
            items: ROOM_SORT_MODES.map((mode) => ({
              key: mode,
              label: t(`chat.sort.${mode}`),
            })),
            onClick: ({ key }) => {
              sync.store.setState({ sort: key as RoomSortMode });
              saveRoomSort(key as RoomSortMode);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<SortAscendingOutlined />}
            aria-label={t("chat.sort.label", { mode: sortLabel })}
          >
            {sortLabel}
          </Button>
        </Dropdown>
      </div>
      {search ? (
        <div className="moa-chat__body moa-chat__body--search">
          <div className="moa-chat__rooms">{body}</div>
          <Suspense fallback={null}>
            <MessageSearchResults
              text={search}
              sendIq={sendIq}
              timeLabel={formatLastMessageTime}
              rooms={visibleRooms(state).map((room) => ({
                name: room.name,
                title: roomDisplayName(room, ownJid, t),
              }))}
              onOpen={(hit) => {
                open(hit.roomName, hit.time);
              }}
            />
          </Suspense>
        </div>
      ) : (
        <div className="moa-chat__body">{body}</div>
      )}
      {newChatMounted ? (
        <Suspense fallback={null}>
          <NewChat
            open={newChatOpen}
            onClose={() => {
              setNewChatOpen(false);
            }}
            onOpenRoom={open}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
