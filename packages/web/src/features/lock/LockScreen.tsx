/** The lock screen (spec §2.3, §8): one password field, Enter or confirm; nothing of the session shows behind it. */
import { LockOutlined } from "@ant-design/icons";
import { Button, Flex, Input, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession, useSessionController } from "../session";

export function LockScreen() {
  const { t } = useTranslation();
  const session = useSessionController();
  const user = useSession((s) => s.user);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  const submit = async () => {
    if (password === "" || busy) return;
    setBusy(true);
    const unlocked = await session.unlock(password);
    setBusy(false);
    if (!unlocked) setPassword("");
  };

  return (
    <main className="moa-lock" aria-label={t("lock.title")}>
      <Flex vertical align="center" gap={12} className="moa-lock__card">
        <LockOutlined style={{ fontSize: 36 }} aria-hidden="true" />
        <Typography.Title level={1} style={{ fontSize: 18, margin: 0 }}>
          {t("lock.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{user?.name}</Typography.Text>
        <Typography.Text type="secondary">
          {t("lock.description")}
        </Typography.Text>
        <label htmlFor={fieldId} className="moa-visually-hidden">
          {t("lock.password")}
        </label>
        <Input.Password
          id={fieldId}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the lock screen has one field, and typing the password is the only action
          autoFocus
          value={password}
          placeholder={t("lock.password")}
          onChange={(e) => {
            setPassword(e.target.value);
          }}
          onPressEnter={() => void submit()}
        />
        <Button
          type="primary"
          block
          loading={busy}
          onClick={() => void submit()}
        >
          {t("lock.unlock")}
        </Button>
      </Flex>
    </main>
  );
}
