/**
 * The attendance notices dialog (spec §2.3): the running vacation promotion — a usage plan to submit, designated
 * leave days, or the work request needed during the promotion — with a link to the groupware's attendance page.
 */
import { Modal, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useVacationPromotion } from "./use-attendance";

type AttendanceNoticeDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Opens the groupware's attendance page. */
  onOpenAttendance: () => void;
};

export function AttendanceNoticeDialog({
  open,
  onClose,
  onOpenAttendance,
}: AttendanceNoticeDialogProps) {
  const { t } = useTranslation();
  const promotion = useVacationPromotion();
  const result = promotion.data;
  const lines: string[] = [];
  if (result?.paidLeaveUsagePlan) lines.push(t("commute.notices.usagePlan"));
  if (result?.paidLeaveDesignation) {
    lines.push(t("commute.notices.designation"));
    lines.push(
      t("commute.notices.designatedDays", {
        days: result.refusalAcceptWork.desgUsedDay,
      }),
    );
  }
  if (result && result.refusalAcceptWork.rejectNoticeConfig.viewTrgCd !== "")
    lines.push(t("commute.notices.refusal"));
  return (
    <Modal
      open={open}
      title={t("commute.notices.title")}
      onCancel={onClose}
      okText={t("commute.notices.openGroupware")}
      cancelText={t("common.button.close")}
      okButtonProps={{ disabled: !result }}
      onOk={() => {
        onOpenAttendance();
        onClose();
      }}
    >
      {promotion.isPending ? (
        <Spin />
      ) : lines.length === 0 ? (
        <Typography.Paragraph>{t("commute.notices.none")}</Typography.Paragraph>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
