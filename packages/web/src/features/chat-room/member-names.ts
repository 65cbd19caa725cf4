/**
 * Names for the JIDs that system lines mention (spec §4 member events): the member list's name, else the message's
 * sender name for its sender, else the JID's local part (a member who has since left).
 */
import type { RoomMessage } from "./room-message";

/**
 * Builds the name lookup of a room.
 * @param members - the room's members.
 * @returns a function naming a JID as of a message.
 */
export function memberNamer(
  members: readonly { jid: string; name: string }[],
): (jid: string, message?: RoomMessage) => string {
  const names = new Map(members.map((m) => [m.jid, m.name]));
  return (jid, message) => {
    const listed = names.get(jid);
    if (listed) return listed;
    if (message && message.senderJid === jid && message.senderName)
      return message.senderName;
    return jid.split("@")[0] ?? jid;
  };
}
