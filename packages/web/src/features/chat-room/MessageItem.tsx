/**
 * One message of the list (spec §2.11): others' bubbles on the left with the sender's name and avatar on the first of
 * a group, own bubbles on the right; the unread count and time beside the bubble; reply quotes, the long-message
 * "see all" button, the deleted notice, file bodies and news cards inside. Member events are centred system lines.
 * Every text is rendered as React text, never as HTML.
 */
import { formatLocalTime } from "@moa/shared";
import { Button } from "antd";
import { memo, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { menuKeyPoint } from "../../ui";
import { AlarmCard } from "./AlarmCard";
import { FileMessageBody } from "./files";
import type { MessageRow } from "./message-rows";
import { MessageText } from "./MessageText";
import type { RoomMessage } from "./room-message";
import type { SearchHit } from "./room-search";
import { SystemLine } from "./SystemLine";

type MessageItemProps = {
  row: Extract<MessageRow, { kind: "message" }>;
  /** Members who have not read it yet (0 shows nothing). */
  unread: number;
  hits: readonly SearchHit[];
  currentHit: SearchHit | null;
  /** The message was jumped to (reply original): it flashes. */
  flash: boolean;
  /** The message a search result opened the window at (or Ctrl+F found in older history): it stays marked. */
  found: boolean;
  nameOf: (jid: string, message?: RoomMessage) => string;
  /** The reader, whose mentions are highlighted. */
  me: { jid: string; name: string };
  offsetMinutes: number;
  /** A click on the sender's avatar: opens their user card. */
  onOpenSender: (jid: string) => void;
  /** Right click, or the context-menu key or Shift+F10 on the focused message, at viewport coordinates. */
  onContextMenu: (
    message: RoomMessage,
    own: boolean,
    at: { clientX: number; clientY: number },
    body: HTMLElement | null,
  ) => void;
  onJumpTo: (messageKey: string) => void;
  onSeeAll: (message: RoomMessage) => void;
};

function Body({
  message,
  hits,
  currentHit,
  mentionedName,
  onJumpTo,
  onSeeAll,
}: Pick<MessageItemProps, "hits" | "currentHit" | "onJumpTo" | "onSeeAll"> & {
  message: RoomMessage;
  mentionedName: string | null;
}) {
  const { t } = useTranslation();
  if (message.isDel)
    return (
      <span className="moa-msg__deleted">{t("chatRoom.message.deleted")}</span>
    );
  if (message.contentType === "FILE")
    return <FileMessageBody message={message} />;
  if (message.contentType === "ALROOM") return <AlarmCard message={message} />;
  const replyTime = message.replyTime;
  return (
    <>
      {replyTime !== undefined ? (
        <button
          type="button"
          className="moa-msg__quote"
          aria-label={t("chatRoom.message.quote", {
            name: message.replyTitle ?? "",
            text: message.replyText ?? "",
          })}
          onClick={() => {
            onJumpTo(replyTime);
          }}
        >
          <span className="moa-msg__quote-title">
            {t("chatRoom.message.replyTo", { name: message.replyTitle ?? "" })}
          </span>
          <span className="moa-msg__quote-text">{message.replyText ?? ""}</span>
        </button>
      ) : null}
      <span className="moa-msg__text">
        <MessageText
          text={message.text}
          hits={hits}
          current={currentHit}
          mentionedName={mentionedName}
        />
      </span>
      {message.isLongMsg ? (
        <Button
          size="small"
          type="link"
          className="moa-msg__see-all"
          onClick={() => {
            onSeeAll(message);
          }}
        >
          {t("chatRoom.message.seeAll")}
        </Button>
      ) : null}
    </>
  );
}

/**
 * The message before or after one in the list, as in a feed, where Page Down and Page Up move between them (focusing
 * it scrolls it into view, and the list renders the ones beyond it).
 * @param bubble - a message's focusable bubble.
 * @param step - 1 for the next message, -1 for the previous.
 * @returns its bubble, or undefined at either end of what is rendered.
 */
function adjacentMessage(
  bubble: HTMLElement,
  step: 1 | -1,
): HTMLElement | undefined {
  const all = [
    ...(bubble
      .closest('[role="list"]')
      ?.querySelectorAll<HTMLElement>('[role="article"]') ?? []),
  ];
  return all[all.indexOf(bubble) + step];
}

export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { t } = useTranslation();
  const { row, unread, flash, found, nameOf, offsetMinutes, onContextMenu } =
    props;
  const foundId = useId();
  const { onOpenSender } = props;
  const { message, own, showSender, showTime } = row;
  const body = useRef<HTMLDivElement>(null);
  if (
    message.contentType !== "TALK" &&
    message.contentType !== "FILE" &&
    message.contentType !== "ALROOM"
  )
    return <SystemLine message={message} nameOf={nameOf} />;
  // News entries are the server's, without a sender: they come from the news room itself.
  const senderName =
    message.contentType === "ALROOM"
      ? t("chat.room.newsName")
      : nameOf(message.senderJid, message);
  const mentionsMe =
    !own &&
    !message.isDel &&
    (message.mentions?.includes(props.me.jid) ?? false);
  const classes = ["moa-msg", own ? "moa-msg--own" : "moa-msg--other"];
  if (showSender && !own) classes.push("moa-msg--first");
  if (mentionsMe) classes.push("moa-msg--mentions-me");
  if (flash) classes.push("moa-msg--flash");
  if (found) classes.push("moa-msg--found");
  return (
    <div className={classes.join(" ")} data-message-key={message.key}>
      {own ? null : (
        <div className="moa-msg__avatar">
          {showSender && message.senderJid ? (
            // A plain initial: antd's Avatar measures its text with a resize observer, per message scrolled in.
            <button
              type="button"
              className="moa-msg__initial"
              aria-label={t("userCard.openOf", { name: senderName })}
              onClick={() => {
                onOpenSender(message.senderJid);
              }}
            >
              {Array.from(senderName)[0] ?? "?"}
            </button>
          ) : showSender ? (
            <span className="moa-msg__initial" aria-hidden>
              {Array.from(senderName)[0] ?? "?"}
            </span>
          ) : null}
        </div>
      )}
      <div className="moa-msg__column">
        {showSender && !own ? (
          <div className="moa-msg__sender">{senderName}</div>
        ) : null}
        <div className="moa-msg__line">
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a message is a focusable article (as in the WAI-ARIA feed pattern) whose menu opens from the keyboard */}
          <div
            ref={body}
            className="moa-msg__bubble"
            aria-label={t(
              own
                ? "chatRoom.message.own"
                : mentionsMe
                  ? "chatRoom.message.mentionsMe"
                  : "chatRoom.message.from",
              { name: senderName },
            )}
            role="article"
            // Focusable, so the keyboard reaches the message's menu (copy, reply, delete) as the pointer does.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: the feed pattern's focusable articles
            tabIndex={0}
            aria-current={found ? "true" : undefined}
            aria-describedby={found ? foundId : undefined}
            onContextMenu={(e) => {
              e.preventDefault();
              onContextMenu(message, own, e, body.current);
            }}
            onKeyDown={(e) => {
              if (e.target !== e.currentTarget) return;
              const at = menuKeyPoint(e);
              if (at) {
                e.preventDefault();
                onContextMenu(message, own, at, body.current);
              } else if (e.key === "PageDown" || e.key === "PageUp") {
                const next = adjacentMessage(
                  e.currentTarget,
                  e.key === "PageDown" ? 1 : -1,
                );
                if (!next) return;
                e.preventDefault();
                next.focus();
              }
            }}
          >
            <Body
              message={message}
              hits={props.hits}
              currentHit={props.currentHit}
              mentionedName={mentionsMe ? props.me.name : null}
              onJumpTo={props.onJumpTo}
              onSeeAll={props.onSeeAll}
            />
          </div>
          {found ? (
            <span id={foundId} className="moa-visually-hidden">
              {t("messageSearch.found")}
            </span>
          ) : null}
          <div className="moa-msg__meta">
            {unread > 0 && !message.isDel ? (
              <span
                className="moa-msg__unread"
                aria-label={t("chatRoom.message.unread", { n: unread })}
              >
                {unread}
              </span>
            ) : null}
            {showTime ? (
              <time
                className="moa-msg__time"
                dateTime={new Date(Number(message.key)).toISOString()}
              >
                {formatLocalTime(Number(message.key), offsetMinutes, "HH:mm")}
              </time>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
});
