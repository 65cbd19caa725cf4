/** The left tab bar (spec §2.3): chatting, friend, shortcut, more; below them commute (attendance only) and org. */
import {
  ApartmentOutlined,
  ClockCircleOutlined,
  CommentOutlined,
  EllipsisOutlined,
  LinkOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export const MAIN_TABS = [
  "chatting",
  "friend",
  "shortcut",
  "more",
  "commute",
  "org",
] as const;
export type MainTab = (typeof MAIN_TABS)[number];

const ICONS: Record<MainTab, ReactNode> = {
  chatting: <CommentOutlined />,
  friend: <TeamOutlined />,
  shortcut: <LinkOutlined />,
  more: <EllipsisOutlined />,
  commute: <ClockCircleOutlined />,
  org: <ApartmentOutlined />,
};

type MainTabsProps = {
  active: MainTab;
  attendance: boolean;
  onChange: (tab: MainTab) => void;
};

export function MainTabs({ active, attendance, onChange }: MainTabsProps) {
  const { t } = useTranslation();
  const tabs = MAIN_TABS.filter((tab) => tab !== "commute" || attendance);
  const refs = useRef(new Map<MainTab, HTMLButtonElement>());

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(active);
    const next =
      e.key === "ArrowDown"
        ? tabs[(i + 1) % tabs.length]
        : e.key === "ArrowUp"
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : undefined;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div
      className="moa-main__tabs"
      role="tablist"
      aria-orientation="vertical"
      aria-label={t("main.tabs.label")}
      onKeyDown={onKeyDown}
      tabIndex={-1}
    >
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
          }}
          type="button"
          role="tab"
          id={`moa-tab-${tab}`}
          aria-selected={tab === active}
          aria-controls="moa-tabpanel"
          tabIndex={tab === active ? 0 : -1}
          className={`moa-main__tab${tab === active ? " is-active" : ""}${tab === "commute" || (tab === "org" && !attendance) ? " is-lower" : ""}`}
          onClick={() => {
            onChange(tab);
          }}
        >
          <span aria-hidden="true" className="moa-main__tab-icon">
            {ICONS[tab]}
          </span>
          <span className="moa-main__tab-label">{t(`main.tabs.${tab}`)}</span>
        </button>
      ))}
    </div>
  );
}
