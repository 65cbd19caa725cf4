/**
 * The shortcut tab (spec §2.3): the groupware functions the company's menu config enables, grouped, each opening
 * through its signed link or mini window (widgetOpenCd), the external ones after their single-sign-on check.
 */
import type { WidgetOpenMode } from "@moa/shared";
import { Empty } from "antd";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n/catalog-key";
import { enabledMenus, type GroupwareMenu } from "./groupware-menus";
import { MENU_ICONS } from "./menu-icons";
import { MenuGrid } from "./MenuGrid";
import { useGroupwareOpener } from "./use-groupware-opener";

type ShortcutTabProps = {
  /** The company's menu config, as `mailUsed: true` …. */
  flags: Readonly<Record<string, boolean>>;
  /** Where widgets open (the user's widgetOpenCd). */
  openMode: WidgetOpenMode;
};

const SECTIONS = ["work", "collab", "external"] as const;

export function ShortcutTab({ flags, openMode }: ShortcutTabProps) {
  const { t } = useTranslation();
  const open = useGroupwareOpener(openMode);
  const menus = enabledMenus(flags);
  if (menus.length === 0)
    return (
      <Empty
        description={t("groupware.none")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  const items = (section: GroupwareMenu["section"]) =>
    menus
      .filter((m) => m.section === section)
      .map((m) => ({
        key: m.key,
        label: t(asCatalogKey(`groupware.menu.${m.key}`)),
        icon: MENU_ICONS[m.key],
        onOpen: () => void open(m.open),
      }));
  return (
    <div className="moa-menu-panel">
      {SECTIONS.map((section) => (
        <MenuGrid
          key={section}
          title={t(`groupware.section.${section}`)}
          items={items(section)}
        />
      ))}
    </div>
  );
}
