/**
 * The chat room window `/chatRoom?rparam=<room name>[&at=<message key>]` (spec §2.11): the room's uploads around the
 * room window; the main window owns the session and answers over the bridge.
 */
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { useQueryParam } from "../../lib/router";
import { PageLayout } from "../../ui";
import { RoomUploadsProvider } from "./files";
import { RoomWindow } from "./RoomWindow";

export function ChatRoomPage() {
  const { t } = useTranslation();
  const roomName = useQueryParam("rparam");
  // A search result opens the window at a message (its log time); anything else opens at the newest.
  const at = useQueryParam("at");
  if (!roomName)
    return (
      <PageLayout>
        <Alert type="warning" showIcon title={t("chatRoom.page.noRoom")} />
      </PageLayout>
    );
  return (
    <RoomUploadsProvider roomName={roomName}>
      <RoomWindow
        roomName={roomName}
        at={at !== null && /^\d{1,15}$/.test(at) ? at : null}
      />
    </RoomUploadsProvider>
  );
}
