/** The company-domain dialog (spec §2.2): pick a saved domain (each removable) or type a new one; http(s):// is stripped. */
import { normalizeDomain } from "@moa/shared";
import { Button, Modal } from "antd";
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
  const savedId = useId();

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
      <p className="moa-secondary-text">
        {t("login.domainDialog.description")}
      </p>
      {domains.length > 0 ? (
        <>
          <strong id={savedId}>{t("login.domainDialog.saved")}</strong>
          {/* Native radios: antd's Radio brings its group, and the group antd's form engine, into the first load. */}
          <div role="radiogroup" aria-labelledby={savedId}>
            <ul className="moa-domain-list">
              {domains.map((domain) => (
                <li key={domain}>
                  <label className="moa-domain-option">
                    <input
                      type="radio"
                      name={savedId}
                      value={domain}
                      checked={picked === domain}
                      onChange={() => {
                        setPicked(domain);
                        setTyped("");
                      }}
                    />
                    {domain}
                  </label>
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
          </div>
        </>
      ) : null}
      <label
        htmlFor={newId}
        style={{ display: "block", marginTop: 12, fontWeight: 600 }}
      >
        {t("login.domainDialog.new")}
      </label>
      <input
        id={newId}
        className="moa-input moa-input--middle"
        value={typed}
        placeholder={t("login.domainDialog.placeholder")}
        onChange={(e) => {
          setTyped(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.nativeEvent.isComposing) confirm();
        }}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
      />
      {error ? (
        <span className="moa-error-text" role="alert">
          {error}
        </span>
      ) : null}
    </Modal>
  );
}
