/** The whole text of a long message (spec §2.11 see-all), fetched from the server through the main window. */
import { Modal, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";

type LongMessageDialogProps = {
  /** The whole text; null while it loads. */
  text: string | null;
  failed: boolean;
  onClose: () => void;
};

export function LongMessageDialog({
  text,
  failed,
  onClose,
}: LongMessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t("chatRoom.message.fullTitle")}
      onCancel={onClose}
      footer={null}
      width={520}
    >
      {failed ? (
        <Typography.Text type="danger">
          {t("chatRoom.message.fullFailed")}
        </Typography.Text>
      ) : text === null ? (
        <Spin />
      ) : (
        <div className="moa-room__full-text">{text}</div>
      )}
    </Modal>
  );
}
