/** The shared alert dialog (spec §2.3): shows queued session alerts one at a time, in the current language. */
import { Modal } from "antd";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n";
import { useSession, useSessionController } from "./SessionContext";

export function SessionAlerts() {
  const { t } = useTranslation();
  const controller = useSessionController();
  const current = useSession((s) => s.alerts[0]);
  if (!current) return null;
  const close = () => {
    controller.dismissAlert(current.id);
  };
  return (
    <Modal
      open
      title={t("common.alert.title")}
      onOk={close}
      onCancel={close}
      cancelButtonProps={{ style: { display: "none" } }}
      okText={t("common.button.confirm")}
      width={380}
      centered
      destroyOnHidden
    >
      <p role="alert" style={{ margin: 0, whiteSpace: "pre-line" }}>
        {current.serverText ?? t(asCatalogKey(current.code))}
        {current.detail ? `\n${t(asCatalogKey(current.detail))}` : null}
      </p>
    </Modal>
  );
}
