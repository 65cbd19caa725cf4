/** The notice popup (spec §4): shown until the user ticks "do not show again", then hidden until the sequence changes. */
import {
  hideNoticePopup,
  INITIAL_NOTICE_POPUP_STORE,
  isNoticePopupVisible,
  receiveNoticePopup,
} from "@moa/shared";
import { Checkbox, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { readStored, writeStored } from "../../platform";
import { useNoticePopup } from "./use-home-data";

const KEY = "moa.noticePopup";
const storeSchema = z.object({
  hideYn: z.enum(["Y", "N"]),
  brdSeq: z.string().nullable(),
});

// Closed for the rest of this window's life (it must not come back after the lock screen or a tab change).
const closedThisSession = new Set<string>();

export function NoticePopup({ suppressed }: { suppressed: boolean }) {
  const { t } = useTranslation();
  const notice = useNoticePopup().data ?? null;
  const [, setClosedSeq] = useState<string | null>(null);
  const [hide, setHide] = useState(false);
  if (!notice || suppressed || closedThisSession.has(notice.brd_seq))
    return null;
  const stored = receiveNoticePopup(
    readStored(KEY, storeSchema) ?? INITIAL_NOTICE_POPUP_STORE,
    notice.brd_seq,
  );
  if (!isNoticePopupVisible(stored, notice.brd_seq)) return null;

  const close = () => {
    writeStored(KEY, hide ? hideNoticePopup(notice.brd_seq) : stored);
    closedThisSession.add(notice.brd_seq);
    setClosedSeq(notice.brd_seq);
  };
  return (
    <Modal
      open
      title={notice.title}
      onCancel={close}
      onOk={close}
      okText={t("common.button.close")}
      cancelButtonProps={{ style: { display: "none" } }}
      centered
    >
      <Typography.Paragraph style={{ whiteSpace: "pre-line" }}>
        {notice.content}
      </Typography.Paragraph>
      <Checkbox
        checked={hide}
        onChange={(e) => {
          setHide(e.target.checked);
        }}
      >
        {t("noticePopup.hide")}
      </Checkbox>
    </Modal>
  );
}
