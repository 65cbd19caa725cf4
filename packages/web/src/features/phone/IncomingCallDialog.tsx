/**
 * The incoming call dialog (spec §2.3): the caller's number formatted by its length, and the matching address-book
 * card or "unknown", with a button to show the address entry (known caller) or create one (unknown caller).
 */
import { formatIncomingNumber } from "@moa/shared";
import { Button, Descriptions, Modal, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CallerCard } from "../../api/centrex-api";
import "./phone.css";

type IncomingCallDialogProps = {
  callNumber: string;
  /** The caller's card; null when the lookup found nobody. */
  caller: CallerCard | null;
  onShowAddress: () => void;
  onCreateAddress: () => void;
  onClose: () => void;
};

export function IncomingCallDialog({
  callNumber,
  caller,
  onShowAddress,
  onCreateAddress,
  onClose,
}: IncomingCallDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t("incomingCall.title")}
      onCancel={onClose}
      width={340}
      footer={
        <Space>
          {caller ? (
            <Button type="primary" onClick={onShowAddress}>
              {t("incomingCall.showAddress")}
            </Button>
          ) : (
            <Button type="primary" onClick={onCreateAddress}>
              {t("incomingCall.createAddress")}
            </Button>
          )}
          <Button onClick={onClose}>{t("common.button.close")}</Button>
        </Space>
      }
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: "number",
            label: t("incomingCall.number"),
            children: (
              <span className="moa-incoming-call__number">
                {formatIncomingNumber(callNumber)}
              </span>
            ),
          },
          {
            key: "caller",
            label: t("incomingCall.caller"),
            children: caller ? (
              <section aria-label={t("incomingCall.caller")}>
                <Typography.Text strong>{caller.name}</Typography.Text>{" "}
                <Typography.Text type="secondary">
                  {caller.company} · {caller.id}
                </Typography.Text>
              </section>
            ) : (
              <Typography.Text type="secondary">
                {t("incomingCall.unknown")}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
