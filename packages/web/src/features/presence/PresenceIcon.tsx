/**
 * A user's presence as an icon (spec §3 presence values pc, webchat, mobile, away, dnd, off): where they are logged on
 * when online, else their state. Its accessible name states the presence, so lists and tests read it.
 */
import {
  ClockCircleFilled,
  DesktopOutlined,
  GlobalOutlined,
  MinusCircleFilled,
  MobileOutlined,
  StopOutlined,
} from "@ant-design/icons";
import type { Presence } from "@moa/shared";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./presence.css";

const ICONS: Record<Presence, ReactNode> = {
  pc: <DesktopOutlined />,
  webchat: <GlobalOutlined />,
  mobile: <MobileOutlined />,
  away: <ClockCircleFilled />,
  dnd: <MinusCircleFilled />,
  off: <StopOutlined />,
};

export function PresenceIcon({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t(`roomManage.presence.${presence}`)}
      title={t(`roomManage.presence.${presence}`)}
      className={`moa-presence is-${presence}`}
    >
      {ICONS[presence]}
    </span>
  );
}
