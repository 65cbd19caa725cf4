/**
 * The more tab (spec §2.3): the entry points that are not groupware menus, grouped as Korean groupware messengers
 * do — settings (the settings window, and the alarm settings dialog of spec §2.3), news (notices, attendance notices,
 * support) and about (download folder, version).
 */
import type { WidgetOpenMode } from "@moa/shared";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_VERSION } from "../../lib/app-version";
import { AttendanceNoticeDialog } from "../commute";
import { useSessionController } from "../session";
import {
  linkTo,
  MENU_ICONS,
  MenuGrid,
  useGroupwareOpener,
  type MenuGridItem,
} from "../shortcut";

type MoreTabProps = {
  /** Attendance is enabled for the user (the attendance notices entry). */
  attendance: boolean;
  /** Where groupware pages open (widgetOpenCd). */
  openMode: WidgetOpenMode;
  /** Opens the alarm settings dialog. */
  onOpenAlarmSettings: () => void;
};

export function MoreTab({
  attendance,
  openMode,
  onOpenAlarmSettings,
}: MoreTabProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const session = useSessionController();
  const open = useGroupwareOpener(openMode);
  const [noticesOpen, setNoticesOpen] = useState(false);

  const openSettings = () => {
    if (!(session.windows?.open("setting", "") ?? false))
      void message.error(t("more.windowBlocked"));
  };

  const entry = (
    key: string,
    label: string,
    onOpen: () => void,
  ): MenuGridItem => ({ key, label, icon: MENU_ICONS[key], onOpen });

  const settings = [
    entry("settings", t("more.settings"), openSettings),
    entry("alarmSettings", t("more.alarmSettings"), onOpenAlarmSettings),
  ];
  const news = [
    entry("notices", t("more.notices"), () => void open(linkTo("noticeList"))),
    ...(attendance
      ? [
          entry("attendanceNotice", t("more.attendanceNotice"), () => {
            setNoticesOpen(true);
          }),
        ]
      : []),
    entry("support", t("more.support"), () => void open(linkTo("support"))),
  ];
  const about = [
    entry("downloadFolder", t("more.downloadFolder"), () => {
      void message.info(t("userInfo.downloadFolderBrowser"));
    }),
    entry("version", t("more.version"), () => {
      void modal.info({
        title: t("more.version"),
        content: t("more.versionText", { version: APP_VERSION }),
        okText: t("common.button.confirm"),
      });
    }),
  ];

  return (
    <div className="moa-menu-panel">
      <MenuGrid title={t("more.section.settings")} items={settings} />
      <MenuGrid title={t("more.section.info")} items={news} />
      <MenuGrid title={t("more.section.app")} items={about} />
      {attendance && (
        <AttendanceNoticeDialog
          open={noticesOpen}
          onClose={() => {
            setNoticesOpen(false);
          }}
          onOpenAttendance={() => void open(linkTo("attendance"))}
        />
      )}
    </div>
  );
}
