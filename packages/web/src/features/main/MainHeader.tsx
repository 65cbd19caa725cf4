/**
 * The main window's header (spec §2.3): company name, tab-aware search with a clear icon, widget buttons with badges
 * (99+; the fax widget's plain number), the mini-window button, and the own avatar with presence badge and menu.
 */
import {
  OWN_PRESENCE_STATES,
  WIDGETS,
  widgetBadgeText,
  type OwnPresenceState,
  type WidgetKey,
} from "@moa/shared";
import {
  AppstoreOutlined,
  CalendarOutlined,
  CloudOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  HomeOutlined,
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  PrinterOutlined,
  ReadOutlined,
  SearchOutlined,
  SnippetsOutlined,
} from "@ant-design/icons";
import { Badge, Button, Dropdown, Input, Tooltip, type InputRef } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSession, useSessionController } from "../session";
import { UserAvatar } from "../user-card";
import type { MainTab } from "./MainTabs";
import { useBadgeCounts } from "./use-home-data";
import { badgeCountKind } from "./widget-menus";

const WIDGET_ICONS: Record<WidgetKey, ReactNode> = {
  1: <MailOutlined />,
  2: <FileDoneOutlined />,
  3: <SnippetsOutlined />,
  4: <ReadOutlined />,
  5: <CalendarOutlined />,
  6: <HomeOutlined />,
  7: <CloudOutlined />,
  8: <PrinterOutlined />,
  9: <MessageOutlined />,
  10: <FileTextOutlined />,
};

export const PRESENCE_COLORS: Record<OwnPresenceState, string> = {
  on: "#22a04b",
  dnd: "#e5484d",
  away: "#f5a524",
  off: "#9aa3b2",
};

type MainHeaderProps = {
  tab: MainTab;
  widgets: readonly WidgetKey[];
  onSearch: (text: string) => void;
  onOpenWidget: (key: WidgetKey) => void;
  onOpenMini: () => void;
  /** Opens the internet phone dialog (spec §2.8). */
  onOpenPhone: () => void;
  onOpenUserInfo: () => void;
};

export function MainHeader({
  tab,
  widgets,
  onSearch,
  onOpenWidget,
  onOpenMini,
  onOpenPhone,
  onOpenUserInfo,
}: MainHeaderProps) {
  const { t } = useTranslation();
  const session = useSessionController();
  const user = useSession((s) => s.user);
  const presence = useSession((s) => s.presence);
  const counts = useBadgeCounts(widgets).data;
  const [search, setSearch] = useState("");
  // A narrow window shows the search as an icon (main.css); opening it swaps the icon for the box.
  const [searchOpen, setSearchOpen] = useState(false);
  const searchBox = useRef<InputRef>(null);
  useEffect(() => {
    if (searchOpen) searchBox.current?.focus();
  }, [searchOpen]);
  // The search follows the active tab: a new tab starts with an empty box (spec §2.3).
  const [searchTab, setSearchTab] = useState(tab);
  if (searchTab !== tab) {
    setSearchTab(tab);
    setSearch("");
  }
  const placeholder =
    tab === "chatting"
      ? t("main.header.searchChat")
      : t("main.header.searchPeople");
  const presenceLabel = t(`presence.${presence}`);

  return (
    <header
      className={`moa-main__header${searchOpen ? " is-search-open" : ""}`}
    >
      <strong
        className="moa-main__company"
        aria-label={t("main.header.company")}
      >
        {user?.companyName}
      </strong>
      <Tooltip title={t("main.header.openSearch")}>
        <Button
          type="text"
          className="moa-main__search-toggle"
          icon={<SearchOutlined />}
          aria-label={t("main.header.openSearch")}
          onClick={() => {
            setSearchOpen(true);
          }}
        />
      </Tooltip>
      <Input.Search
        ref={searchBox}
        className="moa-main__search"
        aria-label={t("main.header.searchLabel")}
        placeholder={placeholder}
        value={search}
        allowClear={{
          clearIcon: <span aria-label={t("main.header.searchClear")}>×</span>,
        }}
        onChange={(e) => {
          setSearch(e.target.value);
          // The chatting tab searches as the user types (its message search waits for a pause); the other tabs on
          // Enter.
          if (e.target.value === "" || tab === "chatting")
            onSearch(e.target.value.trim());
        }}
        onSearch={(value) => {
          onSearch(value.trim());
        }}
        onBlur={() => {
          if (search === "") setSearchOpen(false);
        }}
        onKeyDown={(e) => {
          if (e.key !== "Escape") return;
          setSearch("");
          onSearch("");
          setSearchOpen(false);
        }}
        size="middle"
      />
      <nav className="moa-main__widgets" aria-label={t("main.header.widgets")}>
        {widgets.map((key) => {
          const name = t(`widget.${WIDGETS[key]}`);
          const kind = badgeCountKind(key);
          const count = kind ? (counts?.[kind] ?? 0) : 0;
          const badge = widgetBadgeText(key, count);
          return (
            <Tooltip key={key} title={name}>
              <Badge count={badge} size="small" offset={[-4, 4]}>
                <Button
                  type="text"
                  icon={WIDGET_ICONS[key]}
                  aria-label={
                    badge
                      ? t("widget.badgeLabel", { name, count: badge })
                      : name
                  }
                  onClick={() => {
                    onOpenWidget(key);
                  }}
                />
              </Badge>
            </Tooltip>
          );
        })}
        <Tooltip title={t("phone.open")}>
          <Button
            type="text"
            icon={<PhoneOutlined />}
            aria-label={t("phone.open")}
            onClick={onOpenPhone}
          />
        </Tooltip>
        <Tooltip title={t("main.header.miniWindow")}>
          <Button
            type="text"
            icon={<AppstoreOutlined />}
            aria-label={t("main.header.miniWindow")}
            onClick={onOpenMini}
          />
        </Tooltip>
      </nav>
      <div className="moa-main__me">
        <Dropdown
          trigger={["click"]}
          menu={{
            selectable: true,
            selectedKeys: [presence],
            items: OWN_PRESENCE_STATES.map((state) => ({
              key: state,
              label: (
                <span>
                  <Badge color={PRESENCE_COLORS[state]} />{" "}
                  {t(`presence.${state}`)}
                </span>
              ),
            })),
            onClick: ({ key }) => {
              session.setPresence(key as OwnPresenceState, true);
            },
          }}
        >
          <Button
            type="text"
            className="moa-main__avatar"
            aria-label={t("main.header.presenceMenu", { state: presenceLabel })}
          >
            <Badge dot color={PRESENCE_COLORS[presence]} offset={[-3, 26]}>
              <UserAvatar
                name={user?.name ?? ""}
                photoUrl={user?.photoUrl ?? ""}
                size={30}
              />
            </Badge>
          </Button>
        </Dropdown>
        <Button
          type="text"
          className="moa-main__name"
          onClick={onOpenUserInfo}
          aria-haspopup="dialog"
        >
          {user?.name}
          {user?.position ? (
            <span className="moa-secondary-text"> {user.position}</span>
          ) : null}
        </Button>
      </div>
    </header>
  );
}
