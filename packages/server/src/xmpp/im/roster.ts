/**
 * RFC 6121 roster over Moa's friends: get (with XEP-0237 versioning), set and remove (friend add, move and delete
 * within the friend rules), and pushes to every resource that asked for the roster whenever the friends change —
 * from XMPP, the REST friend API or another node (the `roster.changed` event on the user's topic).
 */
import xml, { type Element } from "@xmpp/xml";
import { NS_CLIENT } from "@moa/shared";
import type { Router } from "../router.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { colleagueOf, directoryOf, type ImDeps } from "./colleagues.js";
import {
  followContacts,
  itemElement,
  rosterOf,
  versioned,
} from "./contacts.js";
import { enqueue, imState, isMoaSession } from "./im-session.js";
import { NS_ROSTER } from "./namespaces.js";

/** Bus event kind (user topic): the user's friends changed. */
export const ROSTER_CHANGED = "roster.changed";

let pushCounter = 0;

async function setItem(
  deps: ImDeps,
  session: ChatSession,
  item: Element,
): Promise<void> {
  const colleague = await colleagueOf(
    deps,
    session,
    item.attrs.jid as string | undefined,
  );
  const { friends } = directoryOf(deps);
  const actor = session.actor;
  const current = (await rosterOf(deps, session)).find(
    (i) => i.userId === colleague.id,
  );
  if (item.attrs.subscription === "remove") {
    if (!current) throw new StanzaError("item-not-found", "friend_not_found");
    await friends.deleteFriends(actor, [current.loginId]);
    return;
  }
  // A friend is in at most one group: the first named one.
  const groupName = item.getChildText("group")?.trim() || undefined;
  let groupId: number | null = null;
  if (groupName !== undefined) {
    const existing = (await friends.groups(actor)).find(
      (g) => g.name === groupName,
    );
    groupId = existing
      ? existing.id
      : (await friends.createGroup(actor, groupName)).id;
  }
  if (!current) {
    const entry = (await directoryOf(deps).orgIndex.index(actor)).byId.get(
      colleague.id,
    );
    if (!entry) throw new StanzaError("item-not-found", "user_not_found");
    await friends.addFriends(actor, [{ id: entry.user.loginId, groupId }]);
  } else if (current.group !== groupName) {
    await friends.moveFriends(actor, [{ id: current.loginId, groupId }]);
  }
}

/**
 * Registers the roster queries.
 * @param router the router.
 * @param deps the IM dependencies.
 */
export function registerRoster(router: Router, deps: ImDeps): void {
  // A change of the friends while the roster is read is told (roster.changed) before this session is known to want
  // pushes; held until the answer is written, it is then pushed as the difference from what was read.
  router.iq(
    "get",
    NS_ROSTER,
    "query",
    async (session, payload) => {
      const roster = await rosterOf(deps, session);
      const { items, ver } = versioned(roster);
      imState(session).roster = items;
      // RFC 6121 §2.6.3: the client's copy is current; later changes come as pushes.
      if (payload.attrs.ver === ver) return undefined;
      return xml(
        "query",
        { xmlns: NS_ROSTER, ver },
        ...roster.map(itemElement),
      );
    },
    { holdEvents: true },
  );

  router.iq("set", NS_ROSTER, "query", async (session, payload) => {
    const items = payload.getChildren("item");
    const [item] = items;
    if (!item || items.length !== 1)
      throw new StanzaError("bad-request", "invalid_input");
    await setItem(deps, session, item);
    return undefined;
  });
}

/**
 * Brings a stock session up to date after the user's friends changed: roster pushes of what changed (when it asked
 * for the roster) and the presence of new contacts (when it is available).
 * @param deps the IM dependencies.
 * @param session the session.
 */
export function rosterChanged(deps: ImDeps, session: ChatSession): void {
  const state = imState(session);
  if (isMoaSession(session)) return;
  if (state.roster === undefined && state.contacts === undefined) return;
  enqueue(
    session,
    async () => {
      const roster = await rosterOf(deps, session);
      const out: string[] = [];
      const previous = state.roster;
      if (previous !== undefined) {
        const { items, ver } = versioned(roster);
        const changed: Element[] = [];
        for (const item of roster)
          if (previous.get(item.jid) !== items.get(item.jid))
            changed.push(itemElement(item));
        for (const jid of previous.keys())
          if (!items.has(jid))
            changed.push(xml("item", { jid, subscription: "remove" }));
        state.roster = items;
        // RFC 6121 §2.1.6: one push per item; the last carries the new version.
        for (const [i, item] of changed.entries()) {
          pushCounter += 1;
          out.push(
            xml(
              "iq",
              {
                xmlns: NS_CLIENT,
                type: "set",
                to: session.jid,
                id: `push-${pushCounter}`,
              },
              xml(
                "query",
                {
                  xmlns: NS_ROSTER,
                  ...(i === changed.length - 1 ? { ver } : {}),
                },
                item,
              ),
            ).toString(),
          );
        }
      }
      if (state.contacts !== undefined)
        out.push(...(await followContacts(deps, session, roster)));
      return out;
    },
    (err) => deps.logger.error({ err, jid: session.jid }, "roster push failed"),
    { holdEvents: true },
  );
}
