/**
 * A news room entry (spec §3 ALROOM): a card with the title, the detail of a news feed, who it is from and a link to
 * the groupware page. The link is text only, never an image or frame: an external link (new tab without opener or
 * referrer; the desktop shell opens it in the system browser) to an absolute http(s) address as posted, so no access
 * token rides along. Any other link (older history may hold one) shows no link.
 */
import { newsLinkHref } from "@moa/shared";
import { useTranslation } from "react-i18next";
import type { RoomMessage } from "./room-message";

export function AlarmCard({ message }: { message: RoomMessage }) {
  const { t } = useTranslation();
  const alarm = message.alarm ?? {
    title: message.text,
    detail: "",
    senderDetail: "",
    link: "",
  };
  const title = alarm.title || message.text;
  const href = newsLinkHref(alarm.link);
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
