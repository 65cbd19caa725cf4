/** Which items a message's right-click menu shows (spec §6). */

import type { ContentType } from "./content-type.js";

/** Message context menu items in display order. */
export const MESSAGE_MENU_ITEMS = [
  "selectAll",
  "copy",
  "reply",
  "delete",
] as const;

/** A message context menu item. */
export type MessageMenuItem = (typeof MESSAGE_MENU_ITEMS)[number];

/**
 * Lists the menu items of a message: others' messages select all, copy, reply; own text adds delete;
 * own files select all, reply, delete (nothing to copy). Member events and alarm entries get select all only.
 * @param message - whether it is the user's own message and its content type.
 * @returns the items, in display order.
 */
export function messageMenuItems(message: {
  readonly own: boolean;
  readonly contentType: ContentType;
}): MessageMenuItem[] {
  const { own, contentType } = message;
  if (contentType === "TALK")
    return own
      ? ["selectAll", "copy", "reply", "delete"]
      : ["selectAll", "copy", "reply"];
  if (contentType === "FILE")
    return own
      ? ["selectAll", "reply", "delete"]
      : ["selectAll", "copy", "reply"];
  return ["selectAll"];
}
