/**
 * Read state of a message (spec §4 Rooms): readers are members whose watch (last-read) time is later than the
 * message time; unread = other normal members minus readers, and 0 when the sender is not a normal member.
 * A "normal" member is one whose affiliation is not `none` (kicked out or left).
 */

/** Room affiliations; `none` means the member was kicked out or left. */
export const AFFILIATIONS = ["owner", "admin", "none"] as const;

/** A room affiliation. */
export type Affiliation = (typeof AFFILIATIONS)[number];

/** What unread counting needs to know about a room member. */
export type ReadStateMember = {
  /** The member's bare JID. */
  readonly jid: string;
  /** The member's affiliation. */
  readonly affiliation: Affiliation;
  /** Last-read time in epoch milliseconds; 0 when never read (the empty timestamp sentinel). */
  readonly watchTime: number;
};

/**
 * Tells whether a member is a normal (current) member of the room.
 * @param member - the member.
 * @returns true unless the affiliation is `none`.
 */
export function isNormalMember(
  member: Pick<ReadStateMember, "affiliation">,
): boolean {
  return member.affiliation !== "none";
}

/**
 * Counts how many members have not read a message yet (the number shown next to the bubble).
 * @param message - the message's time (epoch ms) and its sender's bare JID.
 * @param members - the room's members, including the sender.
 * @returns the unread count, 0 or more.
 */
export function countUnread(
  message: { readonly time: number; readonly senderJid: string },
  members: readonly ReadStateMember[],
): number {
  const normal = members.filter(isNormalMember);
  if (!normal.some((member) => member.jid === message.senderJid)) return 0;
  const others = normal.filter((member) => member.jid !== message.senderJid);
  const readers = others.filter((member) => member.watchTime > message.time);
  return others.length - readers.length;
}
