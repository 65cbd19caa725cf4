/** The members mentioned in the text being typed, as chips above the editor; removing one removes its `@Name`. */
import { CloseOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import type { ComposerMember } from "./composer-types";

export type MentionChipsProps = {
  members: readonly ComposerMember[];
  onRemove: (member: ComposerMember) => void;
};

export function MentionChips({ members, onRemove }: MentionChipsProps) {
  const { t } = useTranslation();
  if (members.length === 0) return null;
  return (
    <ul
      className="moa-composer__chips"
      aria-label={t("chatRoom.composer.mentioned")}
    >
      {members.map((member) => (
        <li key={member.jid} className="moa-composer__chip">
          <span>@{member.name}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t("chatRoom.composer.removeMention", {
              name: member.name,
            })}
            onClick={() => {
              onRemove(member);
            }}
          />
        </li>
      ))}
    </ul>
  );
}
