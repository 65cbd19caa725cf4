/**
 * Room nicknames: how a member appears inside one room to clients that address people by nick (XEP-0045 occupants).
 * A nick is the member's name; when two members of the room share a name, each adds their JID's local part so nicks
 * stay unique within the room. Derived from the member list on every use, so nothing is stored and a renamed user's
 * nick follows their name.
 */
import { parseJid } from "@moa/shared";

type Named = { readonly jid: string; readonly name: string };

function baseNick(person: Named): string {
  const name = person.name.trim();
  return name !== "" ? name : (parseJid(person.jid)?.local ?? person.jid);
}

function qualified(person: Named): string {
  return `${baseNick(person)} (${parseJid(person.jid)?.local ?? person.jid})`;
}

/**
 * The nick of every current member.
 * @param members the room's members.
 * @returns lower-case bare JID → nick, unique within the room.
 */
export function roomNicks(members: readonly Named[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const m of members) {
    const base = baseNick(m);
    counts.set(base, (counts.get(base) ?? 0) + 1);
  }
  return new Map(
    members.map((m) => [
      m.jid.toLowerCase(),
      (counts.get(baseNick(m)) ?? 0) > 1 ? qualified(m) : baseNick(m),
    ]),
  );
}

/**
 * The nick of a message's sender: a member's own nick, or for a former member their name, qualified when a current
 * member already goes by it.
 * @param nicks the room's current nicks ({@link roomNicks}).
 * @param sender the sender's bare JID and name.
 * @returns the nick, or "" for a message the server made (no sender).
 */
export function senderNick(
  nicks: ReadonlyMap<string, string>,
  sender: Named,
): string {
  if (sender.jid === "") return "";
  const own = nicks.get(sender.jid.toLowerCase());
  if (own !== undefined) return own;
  const base = baseNick(sender);
  return [...nicks.values()].includes(base) ? qualified(sender) : base;
}
