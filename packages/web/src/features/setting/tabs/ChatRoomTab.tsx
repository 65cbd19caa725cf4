/**
 * The chat room tab (spec §3 chatroom): the chat font and its size (80–140 %), which every open room window takes at
 * once, and whether the self room is used — kept by the server (userData privateRoom), so it follows the user.
 */
import { CHAT_FONT_RATIOS, CHAT_FONTS, type ChatFont } from "@moa/shared";
import { App, Radio, Select, Switch } from "antd";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";
import { useSettings } from "../../preferences";
import { SettingRow } from "../SettingRow";

export function ChatRoomTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { settings, update } = useSettings();
  const getServer = useBridgeRequest("settings:get-server");
  const setSelfRoom = useBridgeRequest("settings:set-self-room");
  const [selfRoom, setSelfRoomState] = useState<boolean | null>(null);
  const id = useId();

  useEffect(() => {
    const alive = { current: true };
    void (async () => {
      try {
        const server = await getServer({});
        if (alive.current) setSelfRoomState(server.useSelfRoom);
      } catch {
        // The main window did not answer: the switch stays disabled rather than showing a guess.
      }
    })();
    return () => {
      alive.current = false;
    };
  }, [getServer]);

  const changeSelfRoom = async (on: boolean) => {
    try {
      setSelfRoomState((await setSelfRoom({ on })).on);
    } catch {
      void message.error(t("setting.saveFailed"));
    }
  };

  return (
    <div className="moa-setting__form">
      <SettingRow htmlFor={`${id}-font`} label={t("setting.chatRoom.font")}>
        <Select
          id={`${id}-font`}
          style={{ minWidth: 180 }}
          value={settings.chatFont}
          onChange={(chatFont: ChatFont) => {
            update({ chatFont });
          }}
          options={CHAT_FONTS.map((font) => ({
            value: font,
            label: t(`setting.chatRoom.fonts.${font}`),
          }))}
        />
      </SettingRow>
      <Radio.Group
        aria-label={t("setting.chatRoom.fontRatio")}
        optionType="button"
        value={settings.chatFontRatio}
        onChange={(e) => {
          const ratio = CHAT_FONT_RATIOS.find((r) => r === e.target.value);
          if (ratio) update({ chatFontRatio: ratio });
        }}
        options={CHAT_FONT_RATIOS.map((ratio) => ({
          value: ratio,
          label: t("chatRoom.view.percent", { value: ratio }),
        }))}
      />
      <SettingRow htmlFor={`${id}-self`} label={t("setting.chatRoom.selfRoom")}>
        <Switch
          id={`${id}-self`}
          disabled={selfRoom === null}
          checked={selfRoom ?? false}
          onChange={(on) => void changeSelfRoom(on)}
        />
      </SettingRow>
    </div>
  );
}
