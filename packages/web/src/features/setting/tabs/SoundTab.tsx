/**
 * The sound tab (spec §3 sound): all sounds off, and per event (login, chat, mail, note, friend, file) whether it
 * rings and with which tone, each with a preview played by Web Audio from the app itself.
 */
import { SOUND_TONES, SOUND_TYPES, type SoundTone } from "@moa/shared";
import { Button, Checkbox, Select, Switch } from "antd";
import { SoundOutlined } from "@ant-design/icons";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { playTone } from "../../../platform";
import { useSettings } from "../../preferences";
import { SettingRow } from "../SettingRow";

export function SoundTab() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const id = useId();
  const allOff = settings.allNotUseYn === "Y";
  return (
    <div className="moa-setting__form">
      <SettingRow htmlFor={`${id}-all`} label={t("setting.sound.allOff")}>
        <Switch
          id={`${id}-all`}
          checked={allOff}
          onChange={(on) => {
            update({ allNotUseYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
      {SOUND_TYPES.map((type) => {
        const event = t(`setting.sound.event.${type}`);
        const tone = settings.sounds[type] ?? "chime";
        const on = settings.useSndCd.includes(type);
        return (
          <div key={type} className="moa-setting__row">
            <Checkbox
              disabled={allOff}
              checked={on}
              onChange={(e) => {
                update({
                  useSndCd: e.target.checked
                    ? [...settings.useSndCd, type]
                    : settings.useSndCd.filter((s) => s !== type),
                });
              }}
            >
              {event}
            </Checkbox>
            <Select
              aria-label={t("setting.sound.tone", { event })}
              disabled={allOff || !on}
              style={{ minWidth: 140 }}
              value={tone}
              onChange={(next: SoundTone) => {
                update({ sounds: { ...settings.sounds, [type]: next } });
              }}
              options={SOUND_TONES.map((value) => ({
                value,
                label: t(`setting.sound.tones.${value}`),
              }))}
            />
            <Button
              icon={<SoundOutlined />}
              aria-label={t("setting.sound.preview", { event })}
              disabled={tone === "none"}
              onClick={() => {
                if (tone !== "none") playTone(tone);
              }}
            />
          </div>
        );
      })}
    </div>
  );
}
