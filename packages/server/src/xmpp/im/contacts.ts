/**
 * A user's contacts as RFC 6121 sees them: the roster is the user's friends (groups = friend groups, names from the
 * org), and a stock session that is available follows their presence. Colleagues' presence is visible company-wide
 * (the org chart shows it), so every contact is `subscription="both"`.
 */
import { createHash } from "node:crypto";
import xml, { type Element } from "@xmpp/xml";
import { presenceTopic } from "../../bus/bus.js";
import { renderEvent } from "../render.js";
import type { ChatSession } from "../stream/chat-session.js";
import { directoryOf, type ImDeps } from "./colleagues.js";
import { imState } from "./im-session.js";

export type RosterItem = {
  userId: number;
  jid: string;
  loginId: string;
  name: string;
  group: string | undefined;
};

/**
 * The user's roster: friends who are still active colleagues.
 * @param deps the IM dependencies.
 * @param session the user's session.
 * @returns the items in friend order.
 */
export async function rosterOf(
  deps: ImDeps,
  session: ChatSession,
): Promise<RosterItem[]> {
  const friends = await directoryOf(deps).friends.roster(session.actor);
  return friends.map((f) => ({
    userId: f.entry.user.id,
    jid: f.jid,
    loginId: f.entry.user.loginId,
    name: f.entry.user.name,
    group: f.groupName,
  }));
}

/**
 * The `<item/>` of a roster item.
 * @param item the item.
 * @returns the element.
 */
export function itemElement(item: RosterItem): Element {
  const el = xml("item", {
    jid: item.jid,
    name: item.name,
    subscription: "both",
  });
  if (item.group !== undefined) el.c("group").t(item.group);
  return el;
}

/**
 * The roster as serialised items by JID, and its version (XEP-0237): a hash of the items, so it changes exactly
 * when a friend, a group or a name changes, on every node alike.
 * @param items the roster.
 * @returns the items and the version.
 */
export function versioned(items: readonly RosterItem[]): {
  items: Map<string, string>;
  ver: string;
} {
  const map = new Map(items.map((i) => [i.jid, itemElement(i).toString()]));
  const hash = createHash("sha256");
  for (const key of [...map.keys()].sort()) hash.update(`${map.get(key)}\n`);
  return { items: map, ver: hash.digest("base64url").slice(0, 22) };
}

/**
 * Makes an available stock session follow its contacts' presence, and answers for the newly followed ones with
 * their current presence (the RFC 6121 probe, done by the server). Run as a task that holds the session's events
 * (enqueue's holdEvents), so no push of a newly followed contact goes out before its older current presence.
 * @param deps the IM dependencies.
 * @param session the session.
 * @param items the roster.
 * @returns the presence stanzas of newly followed contacts that are online.
 */
export async function followContacts(
  deps: ImDeps,
  session: ChatSession,
  items: readonly RosterItem[],
): Promise<string[]> {
  const state = imState(session);
  const before = state.contacts ?? new Set<number>();
  const now = new Set(items.map((i) => i.userId));
  state.contacts = now;
  for (const id of before)
    if (!now.has(id)) session.unfollow(presenceTopic(id));
  const fresh = items.filter((i) => !before.has(i.userId));
  for (const i of fresh) session.follow(presenceTopic(i.userId));
  if (fresh.length === 0) return [];
  // Followed before the presence is read: a change is in what is read or pushed after it.
  await deps.bus.ready();
  const online = await deps.chat.presence.snapshot(
    fresh.map((i) => ({ id: i.userId, jid: i.jid })),
  );
  return online.flatMap(
    (p) => renderEvent({ kind: "presence", ...p }, session) ?? [],
  );
}
