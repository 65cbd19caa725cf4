/**
 * What a room row's menu does (spec §4 Rooms): open, pin, alarm, hide the self room, and leave after a confirmation
 * that says what leaving means for the room's type; failures show a short error toast.
 */
import { ROOM_TYPES } from "@moa/shared";
import { App } from "antd";
import { useTranslation } from "react-i18next";
import type { RoomAction } from "./room-commands";
import type { RoomRowData } from "./room-display";
import { useRoomCommands } from "./use-room-commands";

/**
 * The row menu's handler.
 * @param onOpen - opens a room's window.
 * @returns runs an action on a row.
 */
export function useRoomAction(
  onOpen: (roomName: string) => void,
): (row: RoomRowData, action: RoomAction) => void {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const commands = useRoomCommands();

  const attempt = async (command: () => Promise<unknown>) => {
    try {
      await command();
    } catch {
      // Offline, a timeout or a refusal: the list still shows what the server keeps.
      void message.error(t("chat.action.failed"));
    }
  };

  return ({ room, displayName }, action) => {
    switch (action) {
      case "open":
        onOpen(room.name);
        return;
      case "pin":
      case "unpin":
        void attempt(() => commands.setPinned(room.name, action === "pin"));
        return;
      case "alarmOff":
      case "alarmOn":
        void attempt(() => commands.setAlarm(room.name, action === "alarmOn"));
        return;
      case "hide":
        void attempt(() => commands.hideSelfRoom());
        return;
      case "leave":
        void modal.confirm({
          title: t("chat.leave.title"),
          content: t(
            room.type === ROOM_TYPES.dual
              ? "chat.leave.confirmDual"
              : "chat.leave.confirmMulti",
            { name: displayName },
          ),
          okText: t("chat.action.leave"),
          okButtonProps: { danger: true },
          cancelText: t("common.button.cancel"),
          onOk: () => attempt(() => commands.leave(room.name)),
        });
        return;
    }
  };
}
