/**
 * The chatting tab (spec §2.4): the sort menu (last, notread) and the room list, in list mode or — while the header
 * search holds text — in search mode, filtered by room name.
 */
import { SortAscendingOutlined } from "@ant-design/icons";
import { ROOM_SORT_MODES, type RoomSortMode } from "@moa/shared";
import { Alert, App, Button, Dropdown, Empty, Spin } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useChatSync, useRoomList } from "./ChatContext";
import { roomRows } from "./room-display";
import { visibleRooms } from "./room-state";
import { RoomList } from "./RoomList";
import "./chat.css";

type ChattingTabProps = {
  /** The header's search text; non-blank switches the list to search mode. */
  search: string;
  /** Opens a room window; false when it could not open (locked, or blocked by the browser). */
  onOpen: (roomName: string) => boolean;
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
  else if (!state.loaded) body = <Spin aria-label={t("chat.list.loading")} />;
  else if (rows.length === 0)
    body = (
      <Empty
        description={search ? t("chat.list.noMatch") : t("main.empty.chatting")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  else
    body = (
      <RoomList
        rows={rows}
        label={search ? t("chat.list.searchLabel") : t("chat.list.label")}
        onOpen={(roomName) => {
          if (!onOpen(roomName))
            void message.warning(t("chat.list.openFailed"));
        }}
      />
    );

  return (
    <div className="moa-chat">
      <div className="moa-chat__toolbar">
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
      <div className="moa-chat__body">{body}</div>
    </div>
  );
}
