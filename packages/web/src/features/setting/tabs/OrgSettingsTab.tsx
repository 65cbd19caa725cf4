/**
 * The organisation chart tab (spec §3 org): names carry the position or the title (orgPrtCd; until chosen, the
 * company's choice), and whether the org tab reopens where it was left (orgLastLocYn).
 */
import { Radio, Switch } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../preferences";
import { SettingRow } from "../SettingRow";

export function OrgSettingsTab() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const id = useId();
  return (
    <div className="moa-setting__form">
      <Radio.Group
        aria-label={t("setting.org.titleMode")}
        value={settings.orgPrtCd ?? "company"}
        onChange={(e) => {
          const value = e.target.value as "company" | "pos" | "tit";
          update({ orgPrtCd: value === "company" ? undefined : value });
        }}
        options={[
          { value: "company", label: t("setting.org.titleCompany") },
          { value: "pos", label: t("setting.org.titlePos") },
          { value: "tit", label: t("setting.org.titleTit") },
        ]}
      />
      <SettingRow htmlFor={`${id}-last`} label={t("setting.org.lastLocation")}>
        <Switch
          id={`${id}-last`}
          checked={settings.orgLastLocYn === "Y"}
          onChange={(on) => {
            update({ orgLastLocYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
    </div>
  );
}
