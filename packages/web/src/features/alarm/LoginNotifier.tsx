/**
 * Login notices (spec §3 basic loginNotiYn / loginNotiCd, §6): tells the server the scope the settings ask for — again
 * after every reconnect, since the server forgets it with the connection — and shows a toast with the login sound when
 * someone in that scope logs in; nothing while the app is locked.
 */
import { soundTone, TOAST_DURATION_MS } from "@moa/shared";
import { App } from "antd";
import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import { playTone } from "../../platform";
import { useSettings } from "../preferences";
import { getOrgTree, useSession, useSessionController } from "../session";
import { findCardUser } from "../user-card";
import {
  loginNoticeOf,
  loginNoticeScope,
  loginNoticesIq,
} from "./login-notices";

const IQ_TIMEOUT_MS = 10_000;

export function LoginNotifier() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const session = useSessionController();
  const { settings } = useSettings();
  const connected = useSession((s) => s.connection.status === "connected");
  const scope = loginNoticeScope(settings);

  useEffect(() => {
    if (!connected) return;
    const send = () => {
      session.sendIq(loginNoticesIq(scope), IQ_TIMEOUT_MS).catch(() => {
        // Offline or refused: the next reconnect sends the scope again.
      });
    };
    send();
    return session.onResume(send);
  }, [session, scope, connected]);

  const show = useEffectEvent((jid: string) => {
    if (scope === "off" || session.store.getState().locked) return;
    const user = findCardUser(getOrgTree()?.tree ?? null, jid);
    if (!user) return;
    const text = t("alarm.login.toast", { name: user.name });
    notification.open({
      key: `moa-login-${jid}`,
      title: text,
      duration: settings.popupKeepYn === "Y" ? 0 : TOAST_DURATION_MS / 1000,
      placement: "bottomRight",
      role: "status",
      props: { "aria-label": text },
    });
    const tone = soundTone(settings, "login");
    if (tone) playTone(tone);
  });

  useEffect(
    () =>
      session.onMessage((message) => {
        const jid = loginNoticeOf(message);
        if (jid) show(jid);
      }),
    [session],
  );
  return null;
}
