/**
 * "N new messages" while the user reads older messages (spec §4: a 2-second toast with the message text); clicking it
 * scrolls to the newest message.
 */
import { useTranslation } from "react-i18next";

type NewMessageToastProps = {
  count: number;
  /** The newest message's sender and text. */
  preview: string;
  onShow: () => void;
};

export function NewMessageToast({
  count,
  preview,
  onShow,
}: NewMessageToastProps) {
  const { t } = useTranslation();
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
