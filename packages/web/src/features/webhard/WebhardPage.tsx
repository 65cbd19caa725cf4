/**
 * The webhard window `/webhard?rparam=<room name>` (spec §2.10, §4): unavailable (the login form in a small window)
 * until the login succeeds, then available (folder tree and file table in the large window); a session that already
 * logged in opens it available. The chosen files go as links into the room that opened it. The main window makes the
 * webhard calls and sends the messages.
 */
import { WEBHARD_LOGIN_WINDOW_SIZE, WEBHARD_WINDOW_SIZE } from "@moa/shared";
import { Alert, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../lib/bridge";
import { useQueryParam } from "../../lib/router";
import { closeThisWindow, resizeThisWindow } from "../../platform";
import { PageLayout, useWindowTitle } from "../../ui";
import { WebhardBrowser } from "./WebhardBrowser";
import { WebhardLogin } from "./WebhardLogin";
import "./webhard.css";

export function WebhardPage() {
  const { t } = useTranslation();
  const roomName = useQueryParam("rparam");
  const getState = useBridgeRequest("webhard:get-state");
  // null until the main window said whether this session logged in already.
  const [available, setAvailable] = useState<boolean | null>(null);
  useWindowTitle(t("webhard.page.title"));
  useEffect(() => {
    let live = true;
    const ask = async () => {
      let loggedIn = false;
      try {
        loggedIn = (await getState({})).loggedIn;
      } catch {
        // No answer: the login form, whose login asks the main window again.
      }
      if (!live) return;
      if (loggedIn) resizeThisWindow(WEBHARD_WINDOW_SIZE);
      setAvailable(loggedIn);
    };
    void ask();
    return () => {
      live = false;
    };
  }, [getState]);
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
  if (available === null)
    return <PageLayout label={t("webhard.page.title")} busy />;
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
