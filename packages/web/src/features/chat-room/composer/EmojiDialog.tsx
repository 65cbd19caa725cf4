/** The emoji dialog of the input area (spec §2.11): a grid of emoji; picking one inserts it at the caret. */
import { Button, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { EMOJI_SET } from "./emoji-set";

export type EmojiDialogProps = {
  open: boolean;
  onPick: (emoji: string) => void;
  onClose: () => void;
  /** Runs once the dialog is gone, so the editor can take the focus back. */
  afterClose: () => void;
};

export function EmojiDialog({
  open,
  onPick,
  onClose,
  afterClose,
}: EmojiDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t("chatRoom.composer.emojiDialog")}
      footer={null}
      width={360}
      onCancel={onClose}
      afterClose={afterClose}
    >
      <div className="moa-composer__emoji-grid">
        {EMOJI_SET.map((emoji) => (
          <Button
            key={emoji}
            type="text"
            className="moa-composer__emoji"
            onClick={() => {
              onPick(emoji);
            }}
          >
            {emoji}
          </Button>
        ))}
      </div>
    </Modal>
  );
}
