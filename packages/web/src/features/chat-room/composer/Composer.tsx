/**
 * The room window's input area (spec §2.11): reply bar, mention chips, resizable editor (65 px at first) with the
 * @mention list, and the file, mention, emoji, webhard and capture buttons. Enter sends; Shift/Ctrl+Enter inserts a
 * newline; nothing is sent while the text is blank or an IME is still composing (Korean input).
 */
import {
  EDITOR_INITIAL_HEIGHT,
  MENTION_TRIGGER,
  MESSAGE_TEXT_MAX_LENGTH,
  canMention,
  filterMentionCandidates,
  findMentionQuery,
  insertMention,
  mentionedMembers,
  removeMention,
  type RoomType,
} from "@moa/shared";
import {
  CloudOutlined,
  PaperClipOutlined,
  ScissorOutlined,
  SmileOutlined,
} from "@ant-design/icons";
import { Button, Input, type GetRef } from "antd";
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import type { ComposerMember, ReplyTarget } from "./composer-types";
import { EditorResizer } from "./EditorResizer";
import { EmojiDialog } from "./EmojiDialog";
import { MentionChips } from "./MentionChips";
import { MentionList, mentionOptionId } from "./MentionList";
import { ReplyBar } from "./ReplyBar";
import "./composer.css";

export type { ComposerMember, ReplyTarget } from "./composer-types";

export type ComposerProps = {
  roomType: RoomType;
  /** Members other than the user. */
  members: readonly ComposerMember[];
  replyTo: ReplyTarget | null;
  onCancelReply: () => void;
  onJumpToReply: (messageKey: string) => void;
  /**
   * Sends the text (with the reply, if any, and the JIDs of the members mentioned in it); resolves once the server
   * has it. The editor is cleared at once and gets the text back if this rejects.
   */
  onSend: (
    text: string,
    replyTo: ReplyTarget | null,
    mentions: readonly string[],
  ) => Promise<void>;
  /** Files picked with the file button. */
  onAttachFiles: (files: File[]) => void;
  /** An image pasted from the clipboard. */
  onPasteImage: (image: Blob) => void;
  disabled: boolean;
  /** Opens the webhard window; without it there is no webhard button. */
  onOpenWebhard?: () => void;
  /** Launches the capture tool; pass it only where one exists (Windows desktop), else there is no capture button. */
  onCapture?: () => void;
  /** More controls at the end of the toolbar, before send (the room window's view controls). */
  toolbarExtra?: ReactNode;
};

// While an IME composes, the last character of the query is not final yet ("김미" on the way to "김민").
const withoutLastCharacter = (text: string) =>
  Array.from(text).slice(0, -1).join("");

export function Composer(props: ComposerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const editorRef = useRef<GetRef<typeof Input.TextArea>>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [composing, setComposing] = useState(false);
  const [picked, setPicked] = useState<readonly ComposerMember[]>([]);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [activeJid, setActiveJid] = useState<string | null>(null);
  const [height, setHeight] = useState(EDITOR_INITIAL_HEIGHT);
  const [emojiOpen, setEmojiOpen] = useState(false);

  const editor = () => editorRef.current?.resizableTextArea?.textArea ?? null;

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    const el = editor();
    el?.focus();
    el?.setSelectionRange(at, at);
  }, [text]);

  // Choosing "reply" on a message moves the focus to the editor, where the reply is written.
  const replyKey = props.replyTo?.messageKey ?? null;
  useEffect(() => {
    if (replyKey !== null)
      editorRef.current?.resizableTextArea?.textArea.focus();
  }, [replyKey]);

  const mentionable =
    canMention(props.roomType) && props.members.length > 0 && !props.disabled;
  const mention = mentionable ? findMentionQuery(text, caret) : null;
  const candidates =
    mention && mention.start !== dismissedAt
      ? filterMentionCandidates(
          props.members,
          composing ? withoutLastCharacter(mention.query) : mention.query,
        )
      : [];
  const activeIndex = Math.max(
    0,
    candidates.findIndex((m) => m.jid === activeJid),
  );
  const listOpen = candidates.length > 0;
  const chips = mentionedMembers(text, picked);
  const canSend = text.trim() !== "" && !props.disabled;

  const replaceText = (next: string, nextCaret: number) => {
    if (next.length > MESSAGE_TEXT_MAX_LENGTH) return;
    pendingCaret.current = nextCaret;
    setText(next);
    setCaret(nextCaret);
  };

  const insertAtCaret = (insert: string) => {
    const el = editor();
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    replaceText(
      text.slice(0, start) + insert + text.slice(end),
      start + insert.length,
    );
  };

  const pick = (member: ComposerMember) => {
    if (!mention) return;
    const next = insertMention(text, mention, caret, member.name);
    setPicked((current) => [...current, member]);
    setActiveJid(null);
    replaceText(next.text, next.caret);
  };

  const unmention = (member: ComposerMember) => {
    const next = removeMention(text, member.name);
    setPicked((current) => current.filter((m) => m.jid !== member.jid));
    replaceText(next, Math.min(caret, next.length));
  };

  const startMention = () => {
    const start = editor()?.selectionStart ?? text.length;
    const before = text.slice(0, start);
    setDismissedAt(null);
    insertAtCaret(
      (before === "" || /\s$/u.test(before) ? "" : " ") + MENTION_TRIGGER,
    );
  };

  const send = () => {
    if (!canSend) return;
    const draft = text;
    const draftPicked = picked;
    const mentions = mentionedMembers(draft, draftPicked).map((m) => m.jid);
    setText("");
    setCaret(0);
    setPicked([]);
    void (async () => {
      try {
        await props.onSend(draft.trim(), props.replyTo, mentions);
      } catch {
        // Not sent: give the text back (before anything typed since) so nothing the user wrote is lost.
        setText((current) => (current === "" ? draft : `${draft}\n${current}`));
        setPicked((current) => [...draftPicked, ...current]);
      }
    })();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that ends a Korean syllable belongs to the IME, not to us.
    if (event.nativeEvent.isComposing || event.key === "Process") return;
    const plain =
      !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;
    if (mention && listOpen) {
      const move =
        event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
      if (move !== 0) {
        event.preventDefault();
        const n = candidates.length;
        setActiveJid(candidates[(activeIndex + move + n) % n]?.jid ?? null);
        return;
      }
      const active = candidates[activeIndex];
      if ((event.key === "Enter" || event.key === "Tab") && plain && active) {
        event.preventDefault();
        pick(active);
        return;
      }
      if (event.key === "Escape") {
        // Closes the list only, not the dialog or window around the composer.
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(mention.start);
        return;
      }
    }
    if (event.key !== "Enter" || event.altKey) return;
    if (event.ctrlKey || event.metaKey) {
      // Browsers insert nothing for Ctrl+Enter in a textarea.
      event.preventDefault();
      insertAtCaret("\n");
      return;
    }
    if (event.shiftKey) return; // the textarea inserts the newline itself
    event.preventDefault();
    send();
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = Array.from(event.clipboardData.files).filter((file) =>
      file.type.startsWith("image/"),
    );
    if (images.length === 0) return;
    event.preventDefault();
    for (const image of images) props.onPasteImage(image);
  };

  const trackCaret = (el: HTMLTextAreaElement) => {
    setCaret(el.selectionStart);
  };

  return (
    <div className="moa-composer">
      {props.replyTo ? (
        <ReplyBar
          replyTo={props.replyTo}
          onJump={props.onJumpToReply}
          onCancel={props.onCancelReply}
        />
      ) : null}
      <EditorResizer height={height} onResize={setHeight} />
      <MentionChips members={chips} onRemove={unmention} />
      <div className="moa-composer__editor">
        {listOpen ? (
          <MentionList
            id={listId}
            label={t("chatRoom.composer.mentionList")}
            members={candidates}
            activeIndex={activeIndex}
            onPick={pick}
          />
        ) : null}
        <Input.TextArea
          ref={editorRef}
          aria-label={t("chatRoom.composer.input")}
          aria-autocomplete={mentionable ? "list" : undefined}
          aria-controls={listOpen ? listId : undefined}
          aria-activedescendant={
            listOpen ? mentionOptionId(listId, activeIndex) : undefined
          }
          value={text}
          maxLength={MESSAGE_TEXT_MAX_LENGTH}
          style={{ height, resize: "none" }}
          onChange={(event) => {
            const el = event.currentTarget;
            setText(el.value);
            trackCaret(el);
            if (!findMentionQuery(el.value, el.selectionStart))
              setDismissedAt(null);
          }}
          onSelect={(event) => {
            trackCaret(event.currentTarget);
          }}
          onKeyUp={(event) => {
            trackCaret(event.currentTarget);
          }}
          onClick={(event) => {
            trackCaret(event.currentTarget);
          }}
          onCompositionStart={() => {
            setComposing(true);
          }}
          onCompositionEnd={() => {
            setComposing(false);
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
        />
      </div>
      <div
        className="moa-composer__toolbar"
        role="toolbar"
        aria-label={t("chatRoom.composer.tools")}
      >
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label={t("chatRoom.composer.fileInput")}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // Cleared so that picking the same file again still reports it.
            event.currentTarget.value = "";
            if (files.length > 0) props.onAttachFiles(files);
          }}
        />
        <Button
          type="text"
          icon={<PaperClipOutlined />}
          aria-label={t("chatRoom.composer.attachFiles")}
          title={t("chatRoom.composer.attachFiles")}
          disabled={props.disabled}
          onClick={() => {
            fileInput.current?.click();
          }}
        />
        {mentionable ? (
          <Button
            type="text"
            className="moa-composer__mention-button"
            aria-label={t("chatRoom.composer.mention")}
            title={t("chatRoom.composer.mention")}
            onClick={startMention}
          >
            {MENTION_TRIGGER}
          </Button>
        ) : null}
        <Button
          type="text"
          icon={<SmileOutlined />}
          aria-label={t("chatRoom.composer.emoji")}
          title={t("chatRoom.composer.emoji")}
          onClick={() => {
            setEmojiOpen(true);
          }}
        />
        {props.onOpenWebhard ? (
          <Button
            type="text"
            icon={<CloudOutlined />}
            aria-label={t("chatRoom.composer.webhard")}
            title={t("chatRoom.composer.webhard")}
            disabled={props.disabled}
            onClick={props.onOpenWebhard}
          />
        ) : null}
        {props.onCapture ? (
          <Button
            type="text"
            icon={<ScissorOutlined />}
            aria-label={t("chatRoom.composer.capture")}
            title={t("chatRoom.composer.capture")}
            onClick={props.onCapture}
          />
        ) : null}
        <div className="moa-composer__toolbar-end">
          {props.toolbarExtra}
          <Button type="primary" disabled={!canSend} onClick={send}>
            {t("chatRoom.composer.send")}
          </Button>
        </div>
      </div>
      <EmojiDialog
        open={emojiOpen}
        onPick={(emoji) => {
          insertAtCaret(emoji);
          setEmojiOpen(false);
        }}
        onClose={() => {
          setEmojiOpen(false);
        }}
        afterClose={() => {
          const el = editor();
          el?.focus();
          el?.setSelectionRange(caret, caret);
        }}
      />
    </div>
  );
}
