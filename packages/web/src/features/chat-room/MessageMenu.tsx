/**
 * A message's right-click menu (spec §2.11, §6): select all, copy, reply and delete, as `messageMenuItems` allows for
 * the message's kind and sender; a deleted message offers select all only.
 */
import { messageMenuItems, type MessageMenuItem } from "@moa/shared";
import { Dropdown } from "antd";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import type { RoomMessage } from "./room-message";

type MessageMenuProps = {
  message: RoomMessage;
  own: boolean;
  onSelect: (item: MessageMenuItem) => void;
  children: ReactElement;
};

const LABELS = {
  selectAll: "chatRoom.menu.selectAll",
  copy: "chatRoom.menu.copy",
  reply: "chatRoom.menu.reply",
  delete: "chatRoom.menu.delete",
} as const satisfies Record<MessageMenuItem, string>;

export function MessageMenu({
  message,
  own,
  onSelect,
  children,
}: MessageMenuProps) {
  const { t } = useTranslation();
  const items: readonly MessageMenuItem[] = message.isDel
    ? ["selectAll"]
    : messageMenuItems({ own, contentType: message.contentType });
  return (
    <Dropdown
      trigger={["contextMenu"]}
      menu={{
        items: items.map((item) => ({
          key: item,
          label: t(LABELS[item]),
          danger: item === "delete",
        })),
        onClick: ({ key }) => {
          const item = items.find((i) => i === key);
          if (item) onSelect(item);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
