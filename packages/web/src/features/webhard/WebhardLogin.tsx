/**
 * The webhard login form (spec §2.10, §5, §8): ID and password (WH.A.007 / WH.A.008 when empty), login and cancel;
 * a refused login says WH.A.021 with WH.A.022.
 */
import { CloudOutlined } from "@ant-design/icons";
import {
  isWebhardSuccess,
  MESSAGE_CODES,
  validateWebhardLogin,
} from "@moa/shared";
import { App, Button, Flex, Input, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n";
import { useBridgeRequest } from "../../lib/bridge";

type Props = {
  /** Logged in: the window shows the webhard. */
  onLoggedIn: () => void;
  /** Closes the window. */
  onCancel: () => void;
};

export function WebhardLogin({ onLoggedIn, onCancel }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const login = useBridgeRequest("webhard:login");
  const [id, setId] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const idField = useId();
  const passwordField = useId();

  const alert = (...codes: string[]) => {
    void modal.warning({
      content: codes.map((c) => t(asCatalogKey(c))).join(" "),
      okText: t("common.button.confirm"),
    });
  };

  const submit = async () => {
    if (busy) return;
    const form = validateWebhardLogin({ id, password });
    if (!form.ok) {
      alert(form.code);
      return;
    }
    setBusy(true);
    try {
      const res = await login(form.value);
      if (isWebhardSuccess(res.resultCode)) {
        onLoggedIn();
        return;
      }
      setPassword("");
    } catch {
      // The main window did not answer: the same message as a refused login.
    }
    setBusy(false);
    alert(MESSAGE_CODES.webhardLoginFailed, MESSAGE_CODES.webhardTryLater);
  };

  return (
    <form
      className="moa-webhard-login"
      aria-label={t("webhard.login.title")}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} justify="center">
          <CloudOutlined aria-hidden="true" style={{ fontSize: 28 }} />
          <Typography.Title level={1} style={{ fontSize: 18, margin: 0 }}>
            {t("webhard.login.title")}
          </Typography.Title>
        </Flex>
        <label htmlFor={idField}>{t("webhard.login.id")}</label>
        <Input
          id={idField}
          autoComplete="username"
          value={id}
          onChange={(e) => {
            setId(e.target.value);
          }}
        />
        <label htmlFor={passwordField}>{t("webhard.login.password")}</label>
        <Input.Password
          id={passwordField}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
          }}
        />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t("webhard.login.submit")}
          </Button>
          <Button block onClick={onCancel}>
            {t("common.button.cancel")}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
