/**
 * The commute panel (spec §2.7, §4 Attendance, §8 Attendance): today's date and a clock refreshing every second,
 * the check-in and check-out times, the buttons (each confirming with the current hh:mm), the after-midnight box
 * (shows yesterday and checks out yesterday's card; PU.A.012 without one; cleared after a check-out), the week list,
 * the work time and the attendance notices. The day's data reloads when the clock passes 00:00:00.
 */
import {
  attendanceButtons,
  attendanceDate,
  checkAfterMidnightCheckout,
  formatCardTime,
  formatLocalTime,
  MESSAGE_CODES,
  toLocalFields,
} from "@moa/shared";
import { App, Button, Checkbox, Empty, Spin, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { checkIn, checkOut, type PunchResult } from "../../api/attendance-api";
import { asCatalogKey } from "../../i18n/catalog-key";
import { useSessionController } from "../session";
import { AttendanceNoticeDialog } from "./AttendanceNoticeDialog";
import { localOffset, useClock, useNow, weekdayOf } from "./clock";
import {
  useAttendanceSetting,
  useDayCard,
  useReloadAttendance,
  useVacationPromotion,
  useWorkTime,
} from "./use-attendance";
import { WeekList } from "./WeekList";
import "./commute.css";

type CommutePanelProps = {
  /** Opens the groupware's attendance page (from the notices dialog). */
  onOpenAttendance: () => void;
};

const hhmm = (value: string) =>
  value.length === 4 ? `${value.slice(0, 2)}:${value.slice(2)}` : value;

export function CommutePanel({ onOpenAttendance }: CommutePanelProps) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const session = useSessionController();
  const clock = useClock();
  const now = useNow();
  const offset = localOffset(now);
  const [afterMidnight, setAfterMidnight] = useState(false);
  const [busy, setBusy] = useState(false);
  const [noticesOpen, setNoticesOpen] = useState(false);
  const yn = afterMidnight ? "Y" : "N";
  const today = attendanceDate(now, offset, "N");
  const shown = attendanceDate(now, offset, yn);
  const setting = useAttendanceSetting();
  const card = useDayCard(shown);
  const work = useWorkTime();
  const promotion = useVacationPromotion();
  const reload = useReloadAttendance();

  if (setting.isPending)
    return (
      <div className="moa-commute__state" aria-busy="true">
        <Spin aria-label={t("commute.loading")} />
      </div>
    );
  if (!setting.data)
    return (
      <Empty
        description={t("commute.loadFailed")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  if (!setting.data.writePower)
    return (
      <Empty
        description={t("commute.noPower")}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  const { canResubmitCard } = setting.data;
  const checkedIn = card.data?.checkedIn ?? false;
  const buttons = attendanceButtons({
    checkedIn,
    canResubmitCard,
    afterMidnight: yn,
  });
  const ready = card.isSuccess && !busy;

  // Shows the server's refusal (ErrorCode 01 ErrorMsg) when it has a text, else the generic failure.
  const showFailure = (code: string | null, generic: string) => {
    void modal.error({
      content: t(
        asCatalogKey(code !== null && i18n.exists(code) ? code : generic),
      ),
      okText: t("common.button.confirm"),
    });
  };

  const punch = (
    confirmKey: "commute.checkInConfirm" | "commute.checkOutConfirm",
    run: () => Promise<PunchResult>,
    doneKey: "commute.checkedIn" | "commute.checkedOut",
    generic: string,
    onDone: () => void,
  ) => {
    const time = formatLocalTime(clock(), localOffset(clock()), "HH:mm");
    void modal.confirm({
      content: t(confirmKey, { time }),
      okText: t("common.button.confirm"),
      cancelText: t("common.button.cancel"),
      onOk: async () => {
        setBusy(true);
        try {
          const result = await run();
          if (result.ok) {
            onDone();
            void message.success(t(doneKey));
          } else showFailure(result.code, generic);
          await reload();
        } catch {
          showFailure(null, generic);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const onCheckIn = () => {
    punch(
      "commute.checkInConfirm",
      () => checkIn(session.api),
      "commute.checkedIn",
      MESSAGE_CODES.attendanceCheckInFailed,
      () => undefined,
    );
  };

  const onCheckOut = () => {
    // After midnight the shown card is yesterday's, which the check-out closes.
    const check = checkAfterMidnightCheckout(yn, card.data ?? null);
    if (!check.ok) {
      void modal.warning({
        content: t(check.code),
        okText: t("common.button.confirm"),
      });
      return;
    }
    punch(
      "commute.checkOutConfirm",
      () => checkOut(session.api, afterMidnight ? shown : null),
      "commute.checkedOut",
      MESSAGE_CODES.attendanceCheckOutFailed,
      () => {
        setAfterMidnight(false);
      },
    );
  };

  const day = toLocalFields(
    Date.UTC(
      Number(shown.slice(0, 4)),
      Number(shown.slice(4, 6)) - 1,
      Number(shown.slice(6, 8)),
    ),
    0,
  );
  const weekday = t(
    asCatalogKey(`commute.weekday.${String(weekdayOf(shown))}`),
  );
  const inTime = formatCardTime(card.data?.in?.time);
  const outTime = formatCardTime(card.data?.out?.time);

  return (
    <div className="moa-commute">
      <section className="moa-commute__today" aria-label={t("commute.label")}>
        <Typography.Title level={4} className="moa-commute__date">
          {t("commute.date", {
            year: day.year,
            month: day.month,
            day: day.day,
            weekday,
          })}
        </Typography.Title>
        <div
          className="moa-commute__clock"
          role="timer"
          aria-label={t("commute.clock")}
        >
          {formatLocalTime(now, offset, "HH:mm:ss")}
        </div>
        <dl className="moa-commute__times">
          <div>
            <dt>{t("commute.checkInTime")}</dt>
            <dd aria-label={t("commute.checkInTime")}>
              {inTime || t("commute.none")}
            </dd>
          </div>
          <div>
            <dt>{t("commute.checkOutTime")}</dt>
            <dd aria-label={t("commute.checkOutTime")}>
              {outTime || t("commute.none")}
            </dd>
          </div>
        </dl>
        <div className="moa-commute__buttons">
          <Button
            type="primary"
            disabled={!ready || buttons.checkInDisabled}
            onClick={onCheckIn}
          >
            {t("commute.checkIn")}
          </Button>
          <Button
            disabled={!ready || buttons.checkOutDisabled}
            onClick={onCheckOut}
          >
            {t("commute.checkOut")}
          </Button>
        </div>
        <Checkbox
          checked={afterMidnight}
          disabled={busy}
          onChange={(e) => {
            setAfterMidnight(e.target.checked);
          }}
        >
          {t("commute.afterMidnight")}
        </Checkbox>
        {canResubmitCard && checkedIn && !afterMidnight && (
          <Typography.Paragraph type="secondary" className="moa-commute__note">
            {t("commute.resubmit")}
          </Typography.Paragraph>
        )}
        {work.data && (
          <p className="moa-commute__work">
            <span>{t("commute.workTime")}</span>{" "}
            {t("commute.workTimeValue", {
              name: work.data.workNm,
              start: hhmm(work.data.workStart),
              end: hhmm(work.data.workEnd),
            })}
          </p>
        )}
        {promotion.data && (
          <Button
            size="small"
            onClick={() => {
              setNoticesOpen(true);
            }}
          >
            {t("commute.notices.open")}
          </Button>
        )}
      </section>
      <WeekList today={today} />
      <AttendanceNoticeDialog
        open={noticesOpen}
        onClose={() => {
          setNoticesOpen(false);
        }}
        onOpenAttendance={onOpenAttendance}
      />
    </div>
  );
}
