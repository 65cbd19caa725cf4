/**
 * A message's right-click menu (spec §2.11, §6): select all, copy, reply and delete, as `messageMenuItems` allows for
 * the message's kind and sender; a deleted message offers select all only.
 */
import { messageMenuItems, type MessageMenuItem } from "@moa/shared";
import type { RoomMessage } from "./room-message";

/** Catalog keys of the items. */
export const MESSAGE_MENU_LABELS = {
  selectAll: "chatRoom.menu.selectAll",
  copy: "chatRoom.menu.copy",
  reply: "chatRoom.menu.reply",
  delete: "chatRoom.menu.delete",
} as const satisfies Record<MessageMenuItem, string>;

/** The items of a message's menu, in display order. */
export function menuItemsOf(
  message: RoomMessage,
  own: boolean,
): readonly MessageMenuItem[] {
  return message.isDel
    ? ["selectAll"]
    : messageMenuItems({ own, contentType: message.contentType });
}
