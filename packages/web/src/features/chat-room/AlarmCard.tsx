/**
 * A news room entry (spec §3 ALROOM): a card with the title, the detail of a news feed, who it is from and a link to
 * the groupware page. Only http(s) links open (in a new tab, without opener); others show no link.
 */
import { useTranslation } from "react-i18next";
import type { RoomMessage } from "./room-message";
import { safeHref } from "./safe-link";

export function AlarmCard({ message }: { message: RoomMessage }) {
  const { t } = useTranslation();
  const alarm = message.alarm ?? {
    title: message.text,
    detail: "",
    senderDetail: "",
    link: "",
  };
  const title = alarm.title || message.text;
  const href = safeHref(alarm.link, window.location.origin);
  return (
    <article className="moa-alarm" aria-label={title}>
      <div className="moa-alarm__title">{title}</div>
      {alarm.detail ? (
        <p className="moa-alarm__detail">{alarm.detail}</p>
      ) : null}
      {alarm.senderDetail ? (
        <div className="moa-alarm__sender">{alarm.senderDetail}</div>
      ) : null}
      {href ? (
        <a
          className="moa-alarm__link"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("chatRoom.alarm.open")}
        </a>
      ) : null}
    </article>
  );
}
