/**
 * The settings window `/setting` (spec §2.12): a title and five tabs — basic, chat room, sound, organisation chart and
 * other — each rendered (and asking the main window for what it shows) only when first opened. The window's code is
 * its own route chunk; the tabs are not split further: five more chunks sharing antd's parts with the main window
 * split those parts into many small files and cost the main window's first load more than the tabs weigh.
 * Every change applies at once here and in every other window of the user.
 */
import { Spin, Tabs, Typography } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../lib/bridge";
import { useWindowTitle } from "../../ui";
import { SettingsProvider } from "../preferences";
import "./setting.css";

import { BasicTab } from "./tabs/BasicTab";
import { ChatRoomTab } from "./tabs/ChatRoomTab";
import { EtcTab } from "./tabs/EtcTab";
import { OrgSettingsTab } from "./tabs/OrgSettingsTab";
import { SoundTab } from "./tabs/SoundTab";

const TAB_KEYS = ["basic", "chatRoom", "sound", "org", "etc"] as const;
type TabKey = (typeof TAB_KEYS)[number];

export function SettingPage() {
  const { t } = useTranslation();
  useWindowTitle(t("setting.page.title"));
  const getMe = useBridgeRequest("me:get");
  const [jid, setJid] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>("basic");

  useEffect(() => {
    const alive = { current: true };
    void (async () => {
      try {
        const me = await getMe({});
        if (alive.current) setJid(me.jid);
      } catch {
        // No signed-in main window: the guard around every view window closes this one.
      }
    })();
    return () => {
      alive.current = false;
    };
  }, [getMe]);

  const panes: Record<TabKey, ReactNode> = {
    basic: <BasicTab />,
    chatRoom: <ChatRoomTab />,
    sound: <SoundTab />,
    org: <OrgSettingsTab />,
    etc: <EtcTab />,
  };

  return (
    <main className="moa-setting" aria-labelledby="moa-setting-title">
      <Typography.Title
        level={1}
        id="moa-setting-title"
        className="moa-setting__title"
      >
        {t("setting.page.title")}
      </Typography.Title>
      {jid === null ? (
        <Spin aria-label={t("setting.page.loading")} />
      ) : (
        <SettingsProvider jid={jid}>
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              setTab(key as TabKey);
            }}
            items={TAB_KEYS.map((key) => ({
              key,
              label: t(`setting.tab.${key}`),
              // antd renders a pane only once its tab was opened.
              children: panes[key],
            }))}
          />
        </SettingsProvider>
      )}
    </main>
  );
}
