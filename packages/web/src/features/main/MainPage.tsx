/**
 * The main window `/` (spec §2.3): header, left tabs, the active tab's panel, the notice footer and the session
 * dialogs. Without a session it sends the user to the login screen; while locked only the lock screen renders.
 */
import { chosenWidgets, WIDGETS, type WidgetKey } from "@moa/shared";
import { App } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { miniWindowLink } from "../../api/groupware-link";
import { requestMiniAuthNo } from "../../api/home-api";
import { navigate } from "../../lib/router";
import { useOpenedOnce, useWindowTitle } from "../../ui";
import { openExternal } from "../../platform";
import {
  ChatNotifier,
  ChatProvider,
  ChattingTab,
  type SearchMessages,
} from "../chat";
import { AlarmNotifier, LoginNotifier } from "../alarm";
import { useIdle } from "../lock";
import { openOrgPickers } from "../org-picker";
import { PhoneProvider, usePhone } from "../phone";
import { linkTo, useGroupwareOpener, widgetOpen } from "../shortcut";
import { SettingsProvider, useSettings } from "../preferences";
import { useSession, useSessionController } from "../session";
import { UserCardProvider } from "../user-card";
import { MainHeader } from "./MainHeader";
import { MainTabs, type MainTab } from "./MainTabs";
import { NoticeFooter } from "./NoticeFooter";
import { NoticePopup } from "./NoticePopup";
import { SessionDialogs } from "./SessionDialogs";
import { SettingsRequests } from "./SettingsRequests";
import { useMenus } from "./use-home-data";
import { usableWidgets } from "./widget-menus";
import "./main.css";

// Tabs other than chatting load when first opened (first-load budget of the main window).
const OrgTab = lazy(async () => ({ default: (await import("../org")).OrgTab }));
const TabPanel = lazy(async () => ({
  default: (await import("./on-demand")).TabPanel,
}));
// Dialogs, the user-info layer and the lock screen load when first shown: the chatting tab needs none of them.
const AlarmSettingsDialog = lazy(async () => ({
  default: (await import("../alarm-settings")).AlarmSettingsDialog,
}));
const LockScreen = lazy(async () => ({
  default: (await import("../lock")).LockScreen,
}));
const UserInfoLayer = lazy(async () => ({
  default: (await import("./UserInfoLayer")).UserInfoLayer,
}));
// Room windows search beyond their pages through the main window: the search loads with the tab panels.
const searchOnDemand: SearchMessages = async (sendIq, params) =>
  (await import("./on-demand")).searchMessages(sendIq, params);

export function MainPage() {
  // The main window is the messenger itself: the product name alone.
  useWindowTitle();
  const phase = useSession((s) => s.phase);
  const locked = useSession((s) => s.locked);
  const session = useSessionController();
  const jid = useSession((s) => s.user?.messengerId ?? null);
  const menuFlags = useMenus().data?.flags;
  const { t } = useTranslation();

  useEffect(() => {
    if (phase === "signedOut") navigate("/login", { replace: true });
  }, [phase]);

  if (phase !== "signedIn")
    return (
      <main
        aria-label={t("main.page.loading")}
        aria-busy="true"
        className="moa-main__loading"
      >
        <span className="moa-spinner" />
      </main>
    );
  // The room list keeps syncing (and alerting) behind the lock screen, so unlocking shows it up to date.
  return (
    <SettingsProvider jid={jid}>
      <ChatProvider search={searchOnDemand}>
        <ChatNotifier
          onOpen={(roomName) =>
            session.windows?.open("chatRoom", roomName) ?? false
          }
        />
        <AlarmNotifier menuFlags={menuFlags} />
        <LoginNotifier />
        <SettingsRequests menuFlags={menuFlags} />
        {locked ? (
          <LockedMain />
        ) : (
          <PhoneProvider>
            <UserCardProvider>
              <MainWindow />
            </UserCardProvider>
          </PhoneProvider>
        )}
      </ChatProvider>
    </SettingsProvider>
  );
}

function LockedMain() {
  useIdle();
  return (
    <Suspense fallback={null}>
      <LockScreen />
    </Suspense>
  );
}

function MainWindow() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const session = useSessionController();
  const [tab, setTab] = useState<MainTab>("chatting");
  const [userInfoOpen, setUserInfoOpen] = useState(false);
  const [alarmsOpen, setAlarmsOpen] = useState(false);
  const userInfoMounted = useOpenedOnce(userInfoOpen);
  const alarmsMounted = useOpenedOnce(alarmsOpen);
  const { settings } = useSettings();
  const [search, setSearch] = useState("");
  const menus = useMenus().data;
  const phone = usePhone();
  useIdle();

  const openGroupware = useGroupwareOpener(settings.widgetOpenCd);

  // The header's mini-window button: the groupware's mini window at its home.
  const openMini = async () => {
    const { user } = session.store.getState();
    if (!user) return;
    try {
      const authNo = await requestMiniAuthNo(session.api);
      openExternal(miniWindowLink(user.domain, user.loginId, authNo));
    } catch {
      void message.error(t("main.header.miniWindowFailed"), 2);
    }
  };

  const openWidget = (key: WidgetKey) => {
    void openGroupware(widgetOpen(WIDGETS[key]));
  };

  return (
    <div className="moa-main">
      <h1 className="moa-visually-hidden">{t("main.page.title")}</h1>
      <MainHeader
        tab={tab}
        widgets={usableWidgets(chosenWidgets(settings), menus?.flags)}
        onSearch={setSearch}
        onOpenWidget={openWidget}
        onOpenMini={() => {
          void openMini();
        }}
        onOpenPhone={() => {
          phone.open();
        }}
        onOpenUserInfo={() => {
          setUserInfoOpen(true);
        }}
      />
      <div className="moa-main__body">
        <MainTabs
          active={tab}
          attendance={menus?.attendance ?? false}
          onChange={(next) => {
            const go = () => {
              setTab(next);
              setSearch("");
            };
            // Leaving the tab closes an open org picker and its selection: ask first (spec §2.3).
            if (next === tab || openOrgPickers() === 0) go();
            else
              void modal.confirm({
                title: t("org.tabSwitch.title"),
                content: t("org.tabSwitch.confirm"),
                okText: t("common.button.confirm"),
                cancelText: t("common.button.cancel"),
                onOk: go,
              });
          }}
        />
        <section
          id="moa-tabpanel"
          role="tabpanel"
          aria-labelledby={`moa-tab-${tab}`}
          className="moa-main__panel"
        >
          {tab === "chatting" ? (
            <ChattingTab
              search={search}
              onOpen={(roomName, at) =>
                session.windows?.open("chatRoom", roomName, at) ?? false
              }
            />
          ) : (
            <Suspense
              fallback={
                <span className="moa-main__loading">
                  <span className="moa-spinner" />
                </span>
              }
            >
              {tab === "org" ? (
                <OrgTab search={search} />
              ) : (
                <TabPanel
                  tab={tab}
                  search={search}
                  menus={menus}
                  onOpenAlarmSettings={() => {
                    setAlarmsOpen(true);
                  }}
                />
              )}
            </Suspense>
          )}
        </section>
      </div>
      <NoticeFooter
        onOpen={(id) =>
          void openGroupware(
            linkTo("noticeShow"),
            `?id=${encodeURIComponent(id)}`,
          )
        }
      />
      <Suspense fallback={null}>
        {userInfoMounted ? (
          <UserInfoLayer
            open={userInfoOpen}
            onClose={() => {
              setUserInfoOpen(false);
            }}
          />
        ) : null}
        {alarmsMounted ? (
          <AlarmSettingsDialog
            open={alarmsOpen}
            menuFlags={menus?.flags}
            onClose={() => {
              setAlarmsOpen(false);
            }}
          />
        ) : null}
      </Suspense>
      <NoticePopup suppressed={false} />
      <SessionDialogs />
    </div>
  );
}
