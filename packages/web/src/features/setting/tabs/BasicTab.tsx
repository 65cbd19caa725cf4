/**
 * The basic tab (spec §3 basic): away after N minutes, lock after N minutes (each with its switch), login notices and
 * their scope (friends and room members, or the whole organisation), the download and capture folders, keeping popups
 * open, and the light or dark look of every window.
 */
import { IDLE_MINUTES_MAX } from "@moa/shared";
import { Input, InputNumber, Radio, Switch } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useThemeMode } from "../../../ui";
import { useSettings } from "../../preferences";
import { SettingRow } from "../SettingRow";

/** A whole number of minutes within the accepted range, or null for anything else. */
const minutesOf = (value: number | null): number | null =>
  value !== null &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= IDLE_MINUTES_MAX
    ? value
    : null;

export function BasicTab() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const { mode, setMode } = useThemeMode();
  const id = useId();
  const ids = {
    away: `${id}-away`,
    awayTime: `${id}-away-time`,
    lock: `${id}-lock`,
    lockTime: `${id}-lock-time`,
    loginNoti: `${id}-login`,
    loginScope: `${id}-login-scope`,
    download: `${id}-download`,
    capture: `${id}-capture`,
    keep: `${id}-keep`,
    theme: `${id}-theme`,
  };
  return (
    <div className="moa-setting__form">
      <SettingRow htmlFor={ids.away} label={t("setting.basic.away")}>
        <Switch
          id={ids.away}
          checked={settings.awayTimeYn === "Y"}
          onChange={(on) => {
            update({ awayTimeYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
      <SettingRow htmlFor={ids.awayTime} label={t("setting.basic.awayTime")}>
        <InputNumber
          id={ids.awayTime}
          min={1}
          max={IDLE_MINUTES_MAX}
          precision={0}
          disabled={settings.awayTimeYn !== "Y"}
          value={settings.awayTime}
          onChange={(value) => {
            const minutes = minutesOf(value);
            if (minutes !== null) update({ awayTime: minutes });
          }}
        />
      </SettingRow>
      <SettingRow htmlFor={ids.lock} label={t("setting.basic.lock")}>
        <Switch
          id={ids.lock}
          checked={settings.lockTimeYn === "Y"}
          onChange={(on) => {
            update({ lockTimeYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
      <SettingRow htmlFor={ids.lockTime} label={t("setting.basic.lockTime")}>
        <InputNumber
          id={ids.lockTime}
          min={1}
          max={IDLE_MINUTES_MAX}
          precision={0}
          disabled={settings.lockTimeYn !== "Y"}
          value={settings.lockTime}
          onChange={(value) => {
            const minutes = minutesOf(value);
            if (minutes !== null) update({ lockTime: minutes });
          }}
        />
      </SettingRow>
      <SettingRow htmlFor={ids.loginNoti} label={t("setting.basic.loginNoti")}>
        <Switch
          id={ids.loginNoti}
          checked={settings.loginNotiYn === "Y"}
          onChange={(on) => {
            update({ loginNotiYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
      <Radio.Group
        aria-label={t("setting.basic.loginScope")}
        disabled={settings.loginNotiYn !== "Y"}
        value={settings.loginNotiCd}
        onChange={(e) => {
          update({ loginNotiCd: e.target.value as "frnd" | "org" });
        }}
        options={[
          { value: "frnd", label: t("setting.basic.loginScopeFriends") },
          { value: "org", label: t("setting.basic.loginScopeOrg") },
        ]}
      />
      <SettingRow htmlFor={ids.download} label={t("setting.basic.download")}>
        <Input
          id={ids.download}
          value={settings.downloadPath}
          placeholder={t("setting.basic.folderBrowser")}
          maxLength={1000}
          onChange={(e) => {
            update({ downloadPath: e.target.value });
          }}
        />
      </SettingRow>
      <SettingRow htmlFor={ids.capture} label={t("setting.basic.capture")}>
        <Input
          id={ids.capture}
          value={settings.capturePath}
          placeholder={t("setting.basic.folderBrowser")}
          maxLength={1000}
          onChange={(e) => {
            update({ capturePath: e.target.value });
          }}
        />
      </SettingRow>
      <SettingRow htmlFor={ids.keep} label={t("setting.basic.keepPopup")}>
        <Switch
          id={ids.keep}
          checked={settings.popupKeepYn === "Y"}
          onChange={(on) => {
            update({ popupKeepYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
      <Radio.Group
        aria-label={t("setting.basic.theme")}
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as "light" | "dark");
        }}
        options={[
          { value: "light", label: t("setting.basic.themeLight") },
          { value: "dark", label: t("setting.basic.themeDark") },
        ]}
      />
    </div>
  );
}
