/** The company-domain dialog (spec §2.2): pick a saved domain (each removable) or type a new one; http(s):// is stripped. */
import { normalizeDomain } from "@moa/shared";
import { Button, Input, Modal, Radio, Typography } from "antd";
import { CloseOutlined } from "@ant-design/icons";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n";

type DomainDialogProps = {
  open: boolean;
  domains: readonly string[];
  current: string;
  /** Closable only once a domain exists (first run must choose one). */
  closable: boolean;
  onConfirm: (domain: string) => void;
  onRemove: (domain: string) => void;
  onCancel: () => void;
};

export function DomainDialog({
  open,
  domains,
  current,
  closable,
  onConfirm,
  onRemove,
  onCancel,
}: DomainDialogProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string>(current || (domains[0] ?? ""));
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const newId = useId();

  const confirm = () => {
    const source = typed.trim() !== "" ? typed : picked;
    const result = normalizeDomain(source);
    if (!result.ok) {
      setError(t(asCatalogKey(result.code)));
      return;
    }
    setError(null);
    setTyped("");
    onConfirm(result.value);
  };

  return (
    <Modal
      open={open}
      title={t("login.domainDialog.title")}
      okText={t("common.button.confirm")}
      cancelText={t("common.button.cancel")}
      onOk={confirm}
      onCancel={onCancel}
      closable={closable}
      mask={{ closable: false }}
      keyboard={closable}
      cancelButtonProps={{ disabled: !closable }}
      width={400}
      centered
    >
      <Typography.Paragraph type="secondary">
        {t("login.domainDialog.description")}
      </Typography.Paragraph>
      {domains.length > 0 ? (
        <>
          <Typography.Text strong>
            {t("login.domainDialog.saved")}
          </Typography.Text>
          <Radio.Group
            value={picked}
            onChange={(e) => {
              setPicked(String(e.target.value));
              setTyped("");
            }}
            style={{ width: "100%" }}
          >
            <ul className="moa-domain-list">
              {domains.map((domain) => (
                <li key={domain}>
                  <Radio value={domain}>{domain}</Radio>
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={t("login.domainDialog.remove", { domain })}
                    onClick={() => {
                      onRemove(domain);
                    }}
                  />
                </li>
              ))}
            </ul>
          </Radio.Group>
        </>
      ) : null}
      <label
        htmlFor={newId}
        style={{ display: "block", marginTop: 12, fontWeight: 600 }}
      >
        {t("login.domainDialog.new")}
      </label>
      <Input
        id={newId}
        value={typed}
        placeholder={t("login.domainDialog.placeholder")}
        onChange={(e) => {
          setTyped(e.target.value);
        }}
        onPressEnter={confirm}
        status={error ? "error" : ""}
        autoComplete="off"
      />
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
