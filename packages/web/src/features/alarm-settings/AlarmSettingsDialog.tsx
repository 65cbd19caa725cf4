/**
 * The alarm settings dialog (spec §2.3, §3 toastAlarm, §6): one checkbox per groupware alarm kind with the spec's
 * defaults, disabled (and off) when the company does not use the kind or, for a free user, when it is not one of
 * note, chat, board and calendar; and the keep-popup toggle (alarm toasts stay until closed).
 */
import {
  ALARM_TYPE_CODES,
  isAlarmKindAvailable,
  isToastAlarmOn,
  type AlarmKind,
} from "@moa/shared";
import { Checkbox, Flex, Modal, Switch, Typography } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSettings } from "../preferences";
import { useSession } from "../session";
import "./alarm-settings.css";

const KINDS = Object.keys(ALARM_TYPE_CODES) as AlarmKind[];

type AlarmSettingsDialogProps = {
  open: boolean;
  /** The company's menu config (`mailUsed: true` …); undefined while loading: every menu kind is disabled. */
  menuFlags: Readonly<Record<string, boolean>> | undefined;
  onClose: () => void;
};

export function AlarmSettingsDialog({
  open,
  menuFlags,
  onClose,
}: AlarmSettingsDialogProps) {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const freeUser = useSession((s) => s.user?.freeUserYn === "Y");
  const flags = menuFlags ?? {};
  const groupId = useId();
  const keepId = useId();

  return (
    <Modal
      open={open}
      title={t("alarm.dialog.title")}
      onCancel={onClose}
      onOk={onClose}
      okText={t("common.button.confirm")}
      cancelButtonProps={{ style: { display: "none" } }}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" id={groupId}>
          {t("alarm.dialog.description")}
        </Typography.Text>
        <div
          role="group"
          aria-labelledby={groupId}
          className="moa-alarm-settings__kinds"
        >
          {KINDS.map((kind) => (
            <Checkbox
              key={kind}
              disabled={!isAlarmKindAvailable(kind, flags, freeUser)}
              checked={isToastAlarmOn(settings, kind, flags, freeUser)}
              onChange={(e) => {
                update({
                  toastAlarm: {
                    ...settings.toastAlarm,
                    [kind]: e.target.checked,
                  },
                });
              }}
            >
              {t(`alarm.kind.${kind}`)}
            </Checkbox>
          ))}
        </div>
        <Flex align="center" gap={8}>
          <Switch
            id={keepId}
            checked={settings.popupKeepYn === "Y"}
            onChange={(on) => {
              update({ popupKeepYn: on ? "Y" : "N" });
            }}
          />
          <label htmlFor={keepId}>{t("alarm.dialog.keepPopup")}</label>
        </Flex>
      </Flex>
    </Modal>
  );
}
