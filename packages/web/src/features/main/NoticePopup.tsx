/** The notice popup (spec §4): shown until the user ticks "do not show again", then hidden until the sequence changes. */
import {
  hideNoticePopup,
  INITIAL_NOTICE_POPUP_STORE,
  isNoticePopupVisible,
  receiveNoticePopup,
} from "@moa/shared";
import { Checkbox, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { readStored, writeStored } from "../../platform";
import { useSession } from "../session";
import { useNoticePopup } from "./use-home-data";

const KEY = "moa.noticePopup";
const storeSchema = z.object({
  hideYn: z.enum(["Y", "N"]),
  brdSeq: z.string().nullable(),
});

// Closed for the rest of this login (it must not come back after the lock screen or a tab change, but a new login
// shows it again): keyed by the session's user record, which each login replaces.
const closedByLogin = new WeakMap<object, Set<string>>();

function closedIn(login: object): Set<string> {
  let closed = closedByLogin.get(login);
  if (!closed) {
    closed = new Set();
    closedByLogin.set(login, closed);
  }
  return closed;
}

export function NoticePopup({ suppressed }: { suppressed: boolean }) {
  const { t } = useTranslation();
  const notice = useNoticePopup().data ?? null;
  const login = useSession((s) => s.user);
  const [, setClosedSeq] = useState<string | null>(null);
  const [hide, setHide] = useState(false);
  if (!notice || !login || suppressed || closedIn(login).has(notice.brd_seq))
    return null;
  const stored = receiveNoticePopup(
    readStored(KEY, storeSchema) ?? INITIAL_NOTICE_POPUP_STORE,
    notice.brd_seq,
  );
  if (!isNoticePopupVisible(stored, notice.brd_seq)) return null;

  const close = () => {
    writeStored(KEY, hide ? hideNoticePopup(notice.brd_seq) : stored);
    closedIn(login).add(notice.brd_seq);
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
      <p style={{ whiteSpace: "pre-line" }}>{notice.content}</p>
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
