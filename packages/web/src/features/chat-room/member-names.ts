/**
 * Names for the JIDs that messages and system lines mention (spec §4 member events): the member list's name, else the
 * name the server sent with the message (it keeps former members' names: docs/protocol.md `<person/>`), else the
 * placeholder for a user that never existed (spec §3 "unknown users show a placeholder name").
 */
import type { RoomMessage } from "./room-message";

/**
 * Builds the name lookup of a room.
 * @param members - the room's members.
 * @param unknown - the placeholder name of a user nobody knows.
 * @returns a function naming a JID as of a message.
 */
export function memberNamer(
  members: readonly { jid: string; name: string }[],
  unknown: string,
): (jid: string, message?: RoomMessage) => string {
  const names = new Map(members.map((m) => [m.jid.toLowerCase(), m.name]));
  return (jid, message) => {
    const key = jid.toLowerCase();
    const listed = names.get(key);
    if (listed) return listed;
    const person = message?.people?.find((p) => p.jid === key);
    if (person?.name) return person.name;
    if (message && message.senderJid === jid && message.senderName)
      return message.senderName;
    return unknown;
  };
}
