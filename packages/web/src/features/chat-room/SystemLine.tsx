/** A member event as a centred line (spec §4 member events): invite, exit, ban (kick-out) and delegate. */
import { useTranslation } from "react-i18next";
import type { RoomMessage } from "./room-message";

type SystemLineProps = {
  message: RoomMessage;
  nameOf: (jid: string, message?: RoomMessage) => string;
};

const KEYS = {
  INVITE: "chatRoom.system.invite",
  EXIT: "chatRoom.system.exit",
  BAN: "chatRoom.system.ban",
  DELEGATE: "chatRoom.system.delegate",
} as const;

export function SystemLine({ message, nameOf }: SystemLineProps) {
  const { t } = useTranslation();
  const type = message.contentType;
  if (
    type !== "INVITE" &&
    type !== "EXIT" &&
    type !== "BAN" &&
    type !== "DELEGATE"
  )
    return null;
  const event = message.event ?? { actor: message.senderJid, targets: [] };
  const actor = nameOf(event.actor ?? message.senderJid, message);
  const targets = event.targets.map((jid) => nameOf(jid, message)).join(", ");
  return (
    <p className="moa-room__system" role="note">
      {t(KEYS[type], { actor, targets })}
    </p>
  );
}
