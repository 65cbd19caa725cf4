/** The user-info layer (spec §2.3): version, nickname editor (≤ 21), download folder, theme, lock, logout, exit. */
import { NICKNAME_MAX_LENGTH, validateNickname } from "@moa/shared";
import { App, Button, Drawer, Flex, Input, Switch, Typography } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateNickname } from "../../api/home-api";
import { APP_VERSION as VERSION } from "../../lib/app-version";
import { asCatalogKey } from "../../i18n";
import { useThemeMode } from "../../ui";
import { useSession, useSessionController } from "../session";

export function UserInfoLayer({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSessionController();
  const user = useSession((s) => s.user);
  const [nickname, setNickname] = useState(user?.nickname ?? "");
  const { mode, setMode } = useThemeMode();
  const nickId = useId();
  const themeId = useId();

  const saveNickname = async () => {
    const checked = validateNickname(nickname);
    if (!checked.ok) {
      void message.warning(t(asCatalogKey(checked.code)));
      return;
    }
    try {
      const res = await updateNickname(session.api, checked.value);
      if (res.ok) {
        const current = session.store.getState().user;
        if (current)
          session.store.setState({
            user: { ...current, nickname: res.nickname },
          });
        void message.success(t("MA.US.A.013"));
      }
    } catch (err) {
      session.reportApiError(err);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t("userInfo.title")}
      size={320}
      placement="right"
    >
      <Flex vertical gap={16}>
        <div>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {user?.name}{" "}
            <Typography.Text type="secondary">{user?.position}</Typography.Text>
          </Typography.Title>
          <Typography.Text type="secondary">{user?.deptName}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {t("userInfo.version", { version: VERSION })}
          </Typography.Text>
        </div>
        <Flex vertical gap={4}>
          <label htmlFor={nickId}>{t("userInfo.nickname")}</label>
          <Flex gap={8}>
            <Input
              id={nickId}
              value={nickname}
              showCount={{
                formatter: ({ count }) =>
                  `${String(count)}/${String(NICKNAME_MAX_LENGTH)}`,
              }}
              onChange={(e) => {
                setNickname(e.target.value);
              }}
              onPressEnter={() => void saveNickname()}
            />
            <Button onClick={() => void saveNickname()}>
              {t("userInfo.nicknameSave")}
            </Button>
          </Flex>
        </Flex>
        <Button
          onClick={() => {
            void message.info(t("userInfo.downloadFolderBrowser"));
          }}
        >
          {t("userInfo.downloadFolder")}
        </Button>
        <Flex justify="space-between" align="center">
          <label htmlFor={themeId}>{t("userInfo.theme")}</label>
          <Switch
            id={themeId}
            checked={mode === "dark"}
            onChange={(dark) => {
              setMode(dark ? "dark" : "light");
            }}
          />
        </Flex>
        <Flex gap={8}>
          <Button
            block
            onClick={() => {
              onClose();
              session.lock();
            }}
          >
            {t("userInfo.lock")}
          </Button>
          <Button block onClick={() => void session.logout()}>
            {t("userInfo.logout")}
          </Button>
          <Button block danger onClick={() => void session.exitApp()}>
            {t("userInfo.exit")}
          </Button>
        </Flex>
      </Flex>
    </Drawer>
  );
}
