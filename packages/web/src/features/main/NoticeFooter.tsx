/** The footer's notice carousel (spec §2.3): today's notices, advancing every 5 s; a click opens the notice. */
import { NOTICE_CAROUSEL_INTERVAL_MS } from "@moa/shared";
import { NotificationOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTodayNotices } from "./use-home-data";

export function NoticeFooter({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const notices = useTodayNotices().data ?? [];
  const [index, setIndex] = useState(0);
  const count = notices.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % count);
    }, NOTICE_CAROUSEL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [count]);

  const current = notices[index % Math.max(count, 1)];
  return (
    <footer className="moa-main__footer" aria-label={t("footer.notices")}>
      <NotificationOutlined aria-hidden="true" />
      {current ? (
        <Button
          type="link"
          size="small"
          className="moa-main__notice"
          aria-live="polite"
          onClick={() => {
            onOpen(current.id);
          }}
        >
          {current.property.title}
        </Button>
      ) : (
        <span className="moa-secondary-text">{t("footer.noNotice")}</span>
      )}
    </footer>
  );
}
