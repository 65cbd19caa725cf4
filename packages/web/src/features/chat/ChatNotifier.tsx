/**
 * New-message alerts of the main window (spec §4 Rooms "Incoming message"): for each new room message the shared rule
 * decides between nothing, a bare "a message arrived" desktop notification (locked) and the full alert — a 2-second
 * toast with the sender and a trimmed text that opens the room when clicked (kept open with popupKeepYn), a desktop
 * notification and the chat (or, for files, the file) sound of the sound settings.
 * Rendered above the lock screen, so it keeps deciding while the app is locked.
 */
import { chatAlertFor, soundTone, TOAST_DURATION_MS } from "@moa/shared";
import { App, Button } from "antd";
import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  playTone,
  requestDesktopNotifications,
  showDesktopNotification,
} from "../../platform";
import { useSettings } from "../preferences";
import { useSessionController } from "../session";
import { useChatSync } from "./ChatContext";
import type { ChatMessage } from "./chat-types";
import { messagePreview, roomDisplayName } from "./room-display";
import { isRoomWindowFocused } from "./room-windows";

// A burst (a catch-up after a reconnect, a busy room) chimes once.
const SOUND_GAP_MS = 1000;

type ChatNotifierProps = {
  /** Opens a room's window; false when it could not open. */
  onOpen: (roomName: string) => boolean;
};

export function ChatNotifier({ onOpen }: ChatNotifierProps) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const sync = useChatSync();
  const session = useSessionController();
  const { settings } = useSettings();

  const notify = useEffectEvent(
    (message: ChatMessage, lastSound: { at: number }) => {
      const room = sync.store.getState().rooms.get(message.roomName);
      const alert = chatAlertFor({
        contentType: message.contentType,
        senderJid: message.senderJid,
        ownJid: sync.ownJid(),
        roomType: room?.type ?? message.roomType,
        alarmBlocked: room?.alarmBlocked ?? false,
        roomFocused: isRoomWindowFocused(message.roomName),
        locked: session.store.getState().locked,
      });
      if (alert === "none") return;
      if (alert === "arrived") {
        // Locked: nobody may read who wrote what (spec §4 Lock), so no toast, no name and no text.
        showDesktopNotification({
          title: t("app.productName"),
          body: t("chat.notify.arrived"),
          tag: "moa-chat-locked",
        });
        return;
      }
      const sender =
        message.senderName ||
        (room ? roomDisplayName(room, sync.ownJid(), t) : "");
      const text = messagePreview(message, t);
      const open = () => {
        notification.destroy(message.roomName);
        onOpen(message.roomName);
      };
      notification.open({
        // One toast per room: a newer message replaces the older one.
        key: message.roomName,
        title: sender,
        description: text,
        // popupKeepYn: the toast stays until the user closes or opens it.
        duration: settings.popupKeepYn === "Y" ? 0 : TOAST_DURATION_MS / 1000,
        placement: "bottomRight",
        role: "status",
        props: { "aria-label": t("chat.notify.label", { name: sender }) },
        onClick: open,
        actions: (
          <Button size="small" type="link" onClick={open}>
            {t("chat.action.open")}
          </Button>
        ),
      });
      showDesktopNotification({
        title: sender,
        body: text,
        tag: message.roomName,
        onClick: open,
      });
      const now = Date.now();
      const tone = soundTone(
        settings,
        message.contentType === "FILE" ? "file" : "chat",
      );
      if (tone && now - lastSound.at >= SOUND_GAP_MS) {
        lastSound.at = now;
        playTone(tone);
      }
    },
  );

  useEffect(() => {
    requestDesktopNotifications();
    const lastSound = { at: 0 };
    return sync.onNewMessage((message) => {
      notify(message, lastSound);
    });
  }, [sync]);

  return null;
}
