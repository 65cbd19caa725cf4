/**
 * The room window's input area (spec §2.11): editor, send button and attachments. Enter sends, Shift/Ctrl+Enter
 * inserts a newline, send is disabled while the text is blank.
 */
import type { RoomType } from "@moa/shared";
import { Button, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The message being answered (spec §3 reply fields). */
export type ReplyTarget = {
  messageKey: string;
  senderName: string;
  text: string;
};

/** A member the composer can mention. */
export type ComposerMember = { jid: string; name: string };

export type ComposerProps = {
  roomType: RoomType;
  /** Members other than the user. */
  members: readonly ComposerMember[];
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  onJumpToReply: (messageKey: string) => void;
  /** Sends the text (with the reply, if any); resolves once the server has it. */
  onSend: (text: string, replyTo: ReplyTarget | null) => Promise<void>;
  /** Files picked with the file button. */
  onAttachFiles: (files: File[]) => void;
  /** An image pasted from the clipboard. */
  onPasteImage: (image: Blob) => void;
  disabled: boolean;
};

export function Composer(props: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const send = () => {
    if (text.trim() === "" || props.disabled) return;
    void props.onSend(text, props.replyTo).then(() => {
      setText("");
    });
  };
  return (
    <div className="moa-composer">
      <Input.TextArea
        aria-label={t("chatRoom.composer.input")}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.ctrlKey) {
            e.preventDefault();
            send();
          }
        }}
      />
      <Button
        type="primary"
        disabled={text.trim() === "" || props.disabled}
        onClick={send}
      >
        {t("chatRoom.composer.send")}
      </Button>
    </div>
  );
}
