/** The pasted-image confirmation (spec §2.11): a preview of the clipboard image, then send or cancel. */
import { Modal } from "antd";
import { useTranslation } from "react-i18next";

export function PastedImageDialog({
  preview,
  onSend,
  onCancel,
}: {
  /** Object URL of the pasted image; null hides the dialog. */
  preview: string | null;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={preview !== null}
      title={t("files.paste.title")}
      okText={t("files.paste.send")}
      cancelText={t("common.button.cancel")}
      onOk={onSend}
      onCancel={onCancel}
      width={420}
      // The user's latest action: above the upload dialog, which may still be showing.
      zIndex={1100}
      centered
      destroyOnHidden
    >
      <p>{t("files.paste.question")}</p>
      {preview ? (
        <img
          className="moa-paste__preview"
          src={preview}
          alt={t("files.paste.preview")}
        />
      ) : null}
    </Modal>
  );
}
