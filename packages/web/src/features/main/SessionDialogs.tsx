/** The main window's session dialogs (spec §2.3, §4): network failure / restored, and the login-conflict confirmation. */
import { Button, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useSession, useSessionController } from "../session";

export function SessionDialogs() {
  const { t } = useTranslation();
  const session = useSessionController();
  const network = useSession((s) => s.connection.network);
  const conflict = useSession((s) => s.connection.conflict);

  if (conflict)
    return (
      <Modal
        open
        title={t("common.alert.title")}
        closable={false}
        mask={{ closable: false }}
        centered
        footer={
          <Button type="primary" onClick={() => void session.logout()}>
            {t("common.button.confirm")}
          </Button>
        }
      >
        <p role="alert">{t("conflict.message")}</p>
      </Modal>
    );
  if (network === "fail")
    return (
      <Modal
        open
        title={t("network.title")}
        closable={false}
        mask={{ closable: false }}
        centered
        footer={
          <Button onClick={() => void session.giveUpReconnecting()}>
            {t("network.goLogin")}
          </Button>
        }
      >
        <p role="alert">{t("LO.A.048")}</p>
      </Modal>
    );
  if (network === "restore")
    return (
      <Modal
        open
        title={t("network.title")}
        centered
        onOk={() => {
          session.dispatch({ type: "networkAcknowledged" });
        }}
        onCancel={() => {
          session.dispatch({ type: "networkAcknowledged" });
        }}
        okText={t("common.button.confirm")}
        cancelButtonProps={{ style: { display: "none" } }}
      >
        <p role="status">{t("LO.A.062")}</p>
      </Modal>
    );
  return null;
}
