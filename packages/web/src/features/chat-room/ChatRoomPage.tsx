/** The chat room window `/chatRoom?rparam=…` (spec §2.11); `rparam` carries the room the window was opened for. */
import { Alert, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useQueryParam } from "../../lib/router";
import { PageLayout } from "../../ui";

export function ChatRoomPage() {
  const { t } = useTranslation();
  const roomParam = useQueryParam("rparam");
  return (
    <PageLayout>
      <Typography.Title level={1}>{t("chatRoom.page.title")}</Typography.Title>
      {roomParam ? null : (
        <Alert type="warning" showIcon title={t("chatRoom.page.noRoom")} />
      )}
    </PageLayout>
  );
}
