/**
 * Groupware alarms pushed over the chat connection (docs/integration.md `alarm`): a toast and a desktop notification
 * for the kinds the user's alarm settings enable (spec §3 toastAlarm, §6), never while the app is locked (spec §4),
 * kept on screen until closed when popupKeepYn is on, with the kind's sound; a click opens the groupware page.
 */
import {
  alarmKindFromCode,
  GROUPWARE_LINK_TARGETS,
  isToastAlarmOn,
  soundTone,
  TOAST_DURATION_MS,
  type AlarmKind,
  type GroupwareLinkTarget,
  type SoundType,
} from "@moa/shared";
import { App } from "antd";
import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import { playTone, showDesktopNotification } from "../../platform";
import { useSettings } from "../preferences";
import { useSession, useSessionController } from "../session";
import { linkTo, useGroupwareOpener } from "../shortcut";
import { alarmPushOf, type AlarmPush } from "./workplace-push";

/** The sound event of each alarm kind (spec §3 sound types: mail and note have their own, the rest ring as mail). */
const SOUND_OF: Partial<Record<AlarmKind, SoundType>> = {
  mail: "mail",
  note: "note",
  chat: "chat",
};

const isLinkTarget = (link: string): link is GroupwareLinkTarget =>
  Object.hasOwn(GROUPWARE_LINK_TARGETS, link);

type AlarmNotifierProps = {
  /** The company's menu config (`mailUsed: true` …); undefined while loading (menu kinds stay quiet). */
  menuFlags: Readonly<Record<string, boolean>> | undefined;
};

export function AlarmNotifier({ menuFlags }: AlarmNotifierProps) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const session = useSessionController();
  const freeUser = useSession((s) => s.user?.freeUserYn === "Y");
  const { settings } = useSettings();
  const open = useGroupwareOpener(settings.widgetOpenCd);

  const show = useEffectEvent((alarm: AlarmPush) => {
    const kind = alarmKindFromCode(alarm.type);
    if (!kind || session.store.getState().locked) return;
    if (!isToastAlarmOn(settings, kind, menuFlags ?? {}, freeUser)) return;
    const title = `[${t(`alarm.kind.${kind}`)}] ${alarm.title}`;
    const key = `moa-alarm-${String(alarm.id)}`;
    const onClick = () => {
      notification.destroy(key);
      if (isLinkTarget(alarm.link)) void open(linkTo(alarm.link));
    };
    notification.open({
      key,
      title,
      description: alarm.senderDetail,
      duration: settings.popupKeepYn === "Y" ? 0 : TOAST_DURATION_MS / 1000,
      placement: "bottomRight",
      role: "status",
      props: { "aria-label": t("alarm.toast.label", { title }) },
      onClick,
    });
    showDesktopNotification({
      title,
      body: alarm.senderDetail,
      tag: key,
      onClick,
    });
    const tone = soundTone(settings, SOUND_OF[kind] ?? "mail");
    if (tone) playTone(tone);
  });

  useEffect(
    () =>
      session.onMessage((message) => {
        const alarm = alarmPushOf(message);
        if (alarm) show(alarm);
      }),
    [session],
  );
  return null;
}
