/**
 * "N new messages" while the user reads older messages (spec §4: a 2-second toast with the message text); clicking it
 * scrolls to the newest message. It always expires: a room window behind others or minimised is hidden, and the
 * browser then holds its timers back (up to a minute), so the expiry is checked again whenever the window is shown or
 * focused rather than trusting the timer alone.
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

type NewMessageToastProps = {
  count: number;
  /** The newest message's sender and text. */
  preview: string;
  /** Epoch ms after which the toast is gone. */
  expiresAt: number;
  onExpire: () => void;
  onShow: () => void;
};

export function NewMessageToast({
  count,
  preview,
  expiresAt,
  onExpire,
  onShow,
}: NewMessageToastProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const check = () => {
      if (Date.now() >= expiresAt) onExpire();
    };
    const timer = setTimeout(check, Math.max(0, expiresAt - Date.now()));
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [expiresAt, onExpire]);
  return (
    <div className="moa-room__toast" role="status">
      <button type="button" className="moa-room__toast-button" onClick={onShow}>
        <span className="moa-room__toast-count">
          {t("chatRoom.toast.newMessages", { n: count })}
        </span>
        <span className="moa-room__toast-preview">{preview}</span>
      </button>
    </div>
  );
}
