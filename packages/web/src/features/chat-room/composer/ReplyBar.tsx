/** The bar above the editor while answering a message: who and what is quoted (20 characters), go back, cancel. */
import { quoteForReply } from "@moa/shared";
import { CloseOutlined } from "@ant-design/icons";
import { Button, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ReplyTarget } from "./composer-types";

export type ReplyBarProps = {
  replyTo: ReplyTarget;
  onJump: (messageKey: string) => void;
  onCancel: () => void;
};

export function ReplyBar({ replyTo, onJump, onCancel }: ReplyBarProps) {
  const { t } = useTranslation();
  const title = t("chatRoom.composer.replyTo", { name: replyTo.senderName });
  return (
    <div className="moa-composer__reply" role="group" aria-label={title}>
      <div className="moa-composer__reply-text">
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text type="secondary" className="moa-composer__quote">
          {quoteForReply(replyTo.text)}
        </Typography.Text>
      </div>
      <Button
        type="link"
        size="small"
        onClick={() => {
          onJump(replyTo.messageKey);
        }}
      >
        {t("chatRoom.composer.jumpToReply")}
      </Button>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t("chatRoom.composer.cancelReply")}
        title={t("chatRoom.composer.cancelReply")}
        onClick={onCancel}
      />
    </div>
  );
}
