/**
 * How a Moa room looks to XEP-0045 clients: its display name, occupant affiliations and the features it has. Moa
 * rooms are persistent and members-only, and every member is an occupant whether or not they are online.
 */
import { NS_DISCO_INFO, NS_MAM, NS_MUC, NS_RETRACT, NS_SID } from "@moa/shared";

/** What every Moa room is, in XEP-0045 §15.3 feature names. */
export const ROOM_FEATURES: readonly string[] = [
  NS_DISCO_INFO,
  NS_MUC,
  "muc_persistent",
  "muc_membersonly",
  "muc_nonanonymous",
  "muc_unmoderated",
  "muc_unsecured",
  // Rooms are listed only to their members (conference disco#items), never in a public directory.
  "muc_hidden",
  NS_MAM,
  NS_SID,
  NS_RETRACT,
].sort();

/**
 * A Moa affiliation as XEP-0045 knows it: group members and the project chief are owners, project members admins.
 * @param affiliation the stored affiliation.
 * @returns owner, admin or member.
 */
export function mucAffiliation(
  affiliation: string,
): "owner" | "admin" | "member" {
  if (affiliation === "owner" || affiliation === "admin") return affiliation;
  return "member";
}

/**
 * A room's name for clients that have no Moa room list: its title, else its other members' names (as Moa clients
 * show an untitled room).
 * @param title the room title.
 * @param members the members.
 * @param ownJid the reader's bare JID (left out of the names).
 * @returns the name.
 */
export function roomDisplayName(
  title: string,
  members: readonly { jid: string; name: string }[],
  ownJid: string,
): string {
  if (title.trim() !== "") return title;
  const others = members.filter((m) => m.jid.toLowerCase() !== ownJid);
  return (others.length > 0 ? others : members).map((m) => m.name).join(", ");
}
