/**
 * Display data for the people a message names — its sender and the members a room event names — so that archived
 * messages, system lines and saved chats keep a former member's name and position after they left the room, were
 * kicked or were deactivated. Users are never deleted, so their record stays the source; only a JID of a user that
 * never existed in the company finds nobody (the client then shows its placeholder, spec §3).
 */
import type { Db } from "../../db/database.js";
import type { MemberRecord } from "../../db/repositories/chat/chat-rooms.repository.js";
import {
  findPeopleByJid,
  type ChatPerson,
} from "../../db/repositories/chat/chat-users.repository.js";

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : [];
}

/**
 * The JIDs a message names: its sender and, for room events, the members of its extensions
 * (docs/protocol.md: INVITE {inviter, invitees[]}, EXIT {member}, BAN {members[]}, DELEGATE {from, to}).
 * @param m the message's sender, content type and extensions JSON.
 * @returns lower-case bare JIDs, without duplicates.
 */
export function namedJids(m: {
  senderJid: string;
  contentType: string;
  extension: string | null;
}): string[] {
  const jids = m.senderJid ? [m.senderJid] : [];
  if (m.extension !== null && m.contentType !== "TALK") {
    let ext: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(m.extension);
      if (typeof parsed === "object" && parsed !== null)
        ext = parsed as Record<string, unknown>;
    } catch {
      // Stored extensions were validated as JSON on the way in; a bad one names nobody.
    }
    for (const key of [
      "inviter",
      "invitees",
      "member",
      "members",
      "from",
      "to",
    ])
      jids.push(...strings(ext[key]));
  }
  return [...new Set(jids.map((j) => j.toLowerCase()))];
}

/**
 * Looks up the people of some JIDs: current members from the member list, everyone else from the users.
 * @param db the database.
 * @param companyId the room's company.
 * @param jids the JIDs to name.
 * @param members the room's current members (already loaded), if any.
 * @returns the people by JID.
 */
export async function resolvePeople(
  db: Db,
  companyId: number,
  jids: readonly string[],
  members: readonly MemberRecord[] = [],
): Promise<Map<string, ChatPerson>> {
  const byJid = new Map<string, ChatPerson>();
  const listed = new Map(members.map((m) => [m.jid, m]));
  const missing: string[] = [];
  for (const jid of jids) {
    const member = listed.get(jid);
    if (member)
      byJid.set(jid, { jid, name: member.name, position: member.position });
    else missing.push(jid);
  }
  for (const person of await findPeopleByJid(db, companyId, missing))
    byJid.set(person.jid, person);
  return byJid;
}

/**
 * The people of one message, in the order it names them.
 * @param jids what the message names ({@link namedJids}).
 * @param people the resolved people.
 * @returns those found.
 */
export function peopleOf(
  jids: readonly string[],
  people: ReadonlyMap<string, ChatPerson>,
): ChatPerson[] {
  return jids.flatMap((jid) => {
    const person = people.get(jid);
    return person ? [person] : [];
  });
}
