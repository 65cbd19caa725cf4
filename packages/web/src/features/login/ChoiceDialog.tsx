/** A two-choice dialog for the login screen's session-exists, password-expired and privacy-consent questions. */
import { Button, Modal } from "antd";

type ChoiceDialogProps = {
  open: boolean;
  title: string;
  message: string;
  primary: { label: string; onClick: () => void };
  secondary: { label: string; onClick: () => void };
};

export function ChoiceDialog({
  open,
  title,
  message,
  primary,
  secondary,
}: ChoiceDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      width={400}
      footer={[
        <Button key="secondary" onClick={secondary.onClick}>
          {secondary.label}
        </Button>,
        <Button key="primary" type="primary" onClick={primary.onClick}>
          {primary.label}
        </Button>,
      ]}
    >
      <p style={{ whiteSpace: "pre-line", margin: 0 }}>{message}</p>
    </Modal>
  );
}
