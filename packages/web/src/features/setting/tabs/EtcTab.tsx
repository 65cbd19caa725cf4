/**
 * The other tab (spec §3 etc): the header widgets (up to 6, spec §5; those whose menu the company does not give the
 * user are disabled), whether widgets open in a PC window or the groupware's mini window (widgetOpenCd), receiving
 * incoming calls, and where an incoming number is looked up.
 */
import {
  isWidgetUsable,
  MESSAGE_CODES,
  validateWidgetSelection,
  WIDGETS,
  WIDGETS_MAX,
  type WidgetKey,
  type WidgetOpenMode,
} from "@moa/shared";
import { App, Checkbox, Radio, Switch, Typography } from "antd";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBridgeRequest } from "../../../lib/bridge";
import { useSettings } from "../../preferences";
import { SettingRow } from "../SettingRow";

const KEYS = Object.keys(WIDGETS).map(Number) as WidgetKey[];

export function EtcTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { settings, update } = useSettings();
  const id = useId();
  const chosen = settings.useWidgetCd;
  const getServer = useBridgeRequest("settings:get-server");
  const [menuFlags, setMenuFlags] = useState<Record<string, boolean>>();

  useEffect(() => {
    const alive = { current: true };
    void (async () => {
      try {
        const server = await getServer({});
        if (alive.current) setMenuFlags(server.menuFlags);
      } catch {
        // The main window did not answer: only the home widget, which needs no menu, can be added.
      }
    })();
    return () => {
      alive.current = false;
    };
  }, [getServer]);

  const toggle = (key: WidgetKey, on: boolean) => {
    const next = on
      ? [...chosen, key].sort((a, b) => a - b)
      : chosen.filter((k) => k !== key);
    const checked = validateWidgetSelection(next);
    if (!checked.ok) {
      void message.warning(
        t(MESSAGE_CODES.widgetsTooMany, { max: WIDGETS_MAX }),
      );
      return;
    }
    update({ useWidgetCd: checked.value });
  };

  return (
    <div className="moa-setting__form">
      <Typography.Text id={`${id}-widgets`}>
        {t("setting.etc.widgets", { count: chosen.length, max: WIDGETS_MAX })}
      </Typography.Text>
      <div
        role="group"
        aria-labelledby={`${id}-widgets`}
        className="moa-setting__widgets"
      >
        {KEYS.map((key) => {
          const on = chosen.includes(key);
          return (
            <Checkbox
              key={key}
              checked={on}
              disabled={
                !on &&
                (chosen.length >= WIDGETS_MAX ||
                  !isWidgetUsable(key, menuFlags))
              }
              onChange={(e) => {
                toggle(key, e.target.checked);
              }}
            >
              {t(`widget.${WIDGETS[key]}`)}
            </Checkbox>
          );
        })}
      </div>
      <Radio.Group
        aria-label={t("setting.etc.openMode")}
        value={settings.widgetOpenCd}
        onChange={(e) => {
          update({ widgetOpenCd: e.target.value as WidgetOpenMode });
        }}
        options={[
          { value: "pc", label: t("setting.etc.openPc") },
          { value: "mini", label: t("setting.etc.openMini") },
        ]}
      />
      <SettingRow htmlFor={`${id}-call`} label={t("setting.etc.receiveCalls")}>
        <Switch
          id={`${id}-call`}
          checked={settings.useRcvCallYn === "Y"}
          onChange={(on) => {
            update({ useRcvCallYn: on ? "Y" : "N" });
          }}
        />
      </SettingRow>
      <Radio.Group
        aria-label={t("setting.etc.lookupTarget")}
        disabled={settings.useRcvCallYn !== "Y"}
        value={settings.rcvCallTargetCd}
        onChange={(e) => {
          update({ rcvCallTargetCd: e.target.value as "addr" | "other" });
        }}
        options={[
          { value: "addr", label: t("setting.etc.lookupAddr") },
          { value: "other", label: t("setting.etc.lookupOther") },
        ]}
      />
    </div>
  );
}
