/**
 * The room window's webhard button (spec §2.11, §6): offered only when the user may use the webhard (company menu
 * and user kind, asked of the main window), and it opens the webhard window for this room. One webhard window serves
 * one room at a time: another room's open window is said so in a toast.
 */
import { App } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../lib/bridge";

/**
 * @param roomName - this room.
 * @returns the button's action, or undefined when the webhard is not for this user.
 */
export function useRoomWebhard(roomName: string): (() => void) | undefined {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const availability = useBridgeRequest("webhard:get-availability");
  const open = useBridgeRequest("webhard:open");
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    let live = true;
    const ask = async () => {
      try {
        const res = await availability({});
        if (live) setAvailable(res.available);
      } catch {
        // The main window did not answer: no webhard button rather than one that does nothing.
      }
    };
    void ask();
    return () => {
      live = false;
    };
  }, [availability]);

  const openWebhard = useCallback(async () => {
    try {
      const res = await open({ roomName });
      if (res.busy) void message.warning(t("chatRoom.webhard.busy"));
      else if (!res.opened) void message.error(t("chatRoom.webhard.failed"));
    } catch {
      void message.error(t("chatRoom.webhard.failed"));
    }
  }, [open, roomName, message, t]);

  return available
    ? () => {
        void openWebhard();
      }
    : undefined;
}
