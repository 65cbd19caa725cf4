/**
 * The webhard window `/webhard?rparam=<room name>` (spec §2.10, §4): unavailable (the login form in a small window)
 * until the login succeeds, then available (folder tree and file table in the large window); the chosen files go
 * as links into the room that opened it. The main window makes the webhard calls and sends the messages.
 */
import { WEBHARD_LOGIN_WINDOW_SIZE, WEBHARD_WINDOW_SIZE } from "@moa/shared";
import { Alert, Typography } from "antd";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryParam } from "../../lib/router";
import { closeThisWindow, resizeThisWindow } from "../../platform";
import { PageLayout, useWindowTitle } from "../../ui";
import { WebhardBrowser } from "./WebhardBrowser";
import { WebhardLogin } from "./WebhardLogin";
import "./webhard.css";

export function WebhardPage() {
  const { t } = useTranslation();
  const roomName = useQueryParam("rparam");
  const [available, setAvailable] = useState(false);
  useWindowTitle(t("webhard.page.title"));
  const unavailable = useCallback(() => {
    resizeThisWindow(WEBHARD_LOGIN_WINDOW_SIZE);
    setAvailable(false);
  }, []);

  if (!roomName)
    return (
      <PageLayout>
        <Typography.Title level={1}>{t("webhard.page.title")}</Typography.Title>
        <Alert type="warning" showIcon title={t("webhard.page.noRoom")} />
      </PageLayout>
    );
  if (!available)
    return (
      <PageLayout label={t("webhard.page.title")}>
        <WebhardLogin
          onLoggedIn={() => {
            resizeThisWindow(WEBHARD_WINDOW_SIZE);
            setAvailable(true);
          }}
          onCancel={closeThisWindow}
        />
      </PageLayout>
    );
  return (
    <main className="moa-webhard-page" aria-label={t("webhard.page.title")}>
      <WebhardBrowser
        roomName={roomName}
        onUnavailable={unavailable}
        onClose={closeThisWindow}
      />
    </main>
  );
}
