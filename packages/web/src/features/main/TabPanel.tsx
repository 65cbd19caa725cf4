/**
 * The panels of the friend, shortcut, more and commute tabs, in a module of their own so the main window loads them
 * when one of those tabs is first opened rather than with the chatting tab.
 */
import { CommutePanel } from "../commute";
import { FriendTab } from "../friends";
import { MoreTab } from "../more";
import { linkTo, ShortcutTab, useGroupwareOpener } from "../shortcut";
import { useUserCard } from "../user-card";
import type { MainTab } from "./MainTabs";
import { useSettings } from "../preferences";

type TabPanelProps = {
  tab: Exclude<MainTab, "chatting">;
  /** The header search text. */
  search: string;
  /** The company's menu config and whether attendance is on. */
  menus: { flags: Record<string, boolean>; attendance: boolean } | undefined;
  /** Opens the alarm settings dialog (the more tab's entry). */
  onOpenAlarmSettings: () => void;
};

/** The panel of the friend, shortcut, more and commute tabs. */
export function TabPanel({
  tab,
  search,
  menus,
  onOpenAlarmSettings,
}: TabPanelProps) {
  const openMode = useSettings().settings.widgetOpenCd;
  const openGroupware = useGroupwareOpener(openMode);
  const attendance = menus?.attendance ?? false;
  const card = useUserCard();
  switch (tab) {
    case "friend":
      return (
        <FriendTab
          search={search}
          onOpenUser={(jid) => {
            card.open(jid);
          }}
        />
      );
    case "shortcut":
      return <ShortcutTab flags={menus?.flags ?? {}} openMode={openMode} />;
    case "more":
      return (
        <MoreTab
          attendance={attendance}
          openMode={openMode}
          onOpenAlarmSettings={onOpenAlarmSettings}
        />
      );
    case "commute":
      if (attendance)
        return (
          <CommutePanel
            onOpenAttendance={() => void openGroupware(linkTo("attendance"))}
          />
        );
      break;
    default:
      break;
  }
  // The org tab has its own panel; commute without attendance has no tab to show it.
  return null;
}
