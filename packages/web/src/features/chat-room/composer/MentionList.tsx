/**
 * The @mention list above the editor (spec §2.11, max height 320). Focus stays in the editor, which drives the list
 * with the arrow keys and points at the active option through `aria-activedescendant`.
 */
import { MENTION_LIST_MAX_HEIGHT } from "@moa/shared";
import { useEffect, useRef } from "react";
import type { ComposerMember } from "./composer-types";

/** Id of the option at `index` in the list `listId`. */
export const mentionOptionId = (listId: string, index: number) =>
  `${listId}-option-${String(index)}`;

export type MentionListProps = {
  id: string;
  label: string;
  members: readonly ComposerMember[];
  activeIndex: number;
  onPick: (member: ComposerMember) => void;
};

export function MentionList({
  id,
  label,
  members,
  activeIndex,
  onPick,
}: MentionListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // Keep the active option in view inside the list without scrolling the window (the list is its offsetParent).
    const list = listRef.current;
    const option = document.getElementById(mentionOptionId(id, activeIndex));
    if (!list || !option) return;
    const bottom = option.offsetTop + option.offsetHeight;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (bottom > list.scrollTop + list.clientHeight)
      list.scrollTop = bottom - list.clientHeight;
  }, [id, activeIndex]);

  return (
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={label}
      className="moa-composer__mentions"
      style={{ maxHeight: MENTION_LIST_MAX_HEIGHT }}
    >
      {members.map((member, index) => (
        <li
          key={member.jid}
          id={mentionOptionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          tabIndex={-1}
          className={
            index === activeIndex
              ? "moa-composer__mention is-active"
              : "moa-composer__mention"
          }
          onMouseDown={(event) => {
            // Picking must not move the focus out of the editor.
            event.preventDefault();
            onPick(member);
          }}
        >
          <span className="moa-composer__mention-name">{member.name}</span>
          {member.detail ? (
            <span className="moa-composer__mention-detail">
              {member.detail}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
