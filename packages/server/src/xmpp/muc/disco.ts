/**
 * XEP-0030 service discovery: the server (its features and the conference service), the conference service
 * (`conference.{domain}`: the caller's rooms), each room (XEP-0045 §6.4 identity, features and the
 * `muc#roominfo` form) and user accounts. A room the caller may not read is refused exactly like every other
 * room-addressed query (forbidden / not_member), whether it exists or not. https://xmpp.org/extensions/xep-0030.html
 */
import xml, { type Element } from "@xmpp/xml";
import {
  NS_DATA,
  NS_DISCO_INFO,
  NS_DISCO_ITEMS,
  NS_MUC,
  parseJid,
  roomDomain,
  roomJid,
} from "@moa/shared";
import type { ChatServices } from "../../services/chat/chat-services.js";
import type { DiscoFeatures } from "../disco-features.js";
import { sessionDomain } from "../render.js";
import type { Router } from "../router.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { ROOM_FEATURES, roomDisplayName } from "./room-info.js";

const NS_ROOMINFO = "http://jabber.org/protocol/muc#roominfo";

/** Whom a disco query addresses. */
type Target =
  | { kind: "server" }
  | { kind: "conference" }
  | { kind: "room"; roomName: string }
  | { kind: "user"; jid: string };

function targetOf(to: string | undefined, session: ChatSession): Target {
  const domain = sessionDomain(session);
  const conference = roomDomain(domain);
  const lower = to?.toLowerCase();
  if (lower === undefined || lower === domain) return { kind: "server" };
  if (lower === conference) return { kind: "conference" };
  const jid = parseJid(lower);
  if (jid?.domain === conference && jid.resource === undefined)
    return { kind: "room", roomName: jid.local };
  if (jid?.domain === domain && jid.resource === undefined)
    return { kind: "user", jid: `${jid.local}@${jid.domain}` };
  // Occupants, other users' resources and other domains are not answered by this server.
  throw new StanzaError("service-unavailable");
}

function info(
  identity: Record<string, string>,
  features: readonly string[],
): Element {
  return xml(
    "query",
    { xmlns: NS_DISCO_INFO },
    xml("identity", identity),
    ...features.map((f) => xml("feature", { var: f })),
  );
}

function field(name: string, value: string, type?: string): Element {
  return xml(
    "field",
    { var: name, ...(type ? { type } : {}) },
    xml("value", {}, value),
  );
}

async function roomInfo(
  chat: ChatServices,
  session: ChatSession,
  roomName: string,
): Promise<Element> {
  const { room, members } = await chat.rooms.members(session.actor, roomName);
  const name = roomDisplayName(room.title, members, session.bare);
  const query = info(
    { category: "conference", type: "text", name },
    ROOM_FEATURES,
  );
  query.append(
    xml(
      "x",
      { xmlns: NS_DATA, type: "result" },
      field("FORM_TYPE", NS_ROOMINFO, "hidden"),
      field("muc#roominfo_description", room.title),
      field("muc#roomconfig_roomname", name),
      field("muc#roominfo_subject", room.title),
      field("muc#roominfo_occupants", String(members.length)),
    ),
  );
  return query;
}

async function userInfo(
  chat: ChatServices,
  session: ChatSession,
  features: DiscoFeatures,
  jid: string,
): Promise<Element> {
  const own = jid === session.bare;
  if (!own) {
    // Colleagues of the caller's company are known; anyone else is answered as if there were no such account.
    const users = await chat.presence.colleagues(session.actor, [jid]);
    if (users.length === 0) throw new StanzaError("service-unavailable");
  }
  return info(
    { category: "account", type: "registered" },
    features.account(own),
  );
}

/**
 * Registers the disco#info and disco#items handlers.
 * @param router the router.
 * @param chat the chat services.
 * @param features the server's and accounts' features, as the other modules declared them.
 */
export function registerDisco(
  router: Router,
  chat: ChatServices,
  features: DiscoFeatures,
): void {
  router.iq("get", NS_DISCO_INFO, "query", async (session, payload, iq) => {
    // Nodes (entity capabilities, command lists) are not offered.
    if (payload.attrs.node !== undefined)
      throw new StanzaError("item-not-found");
    const target = targetOf(iq.attrs.to as string | undefined, session);
    switch (target.kind) {
      case "server":
        return info(
          { category: "server", type: "im", name: "Moa" },
          features.server(),
        );
      case "conference":
        return info(
          { category: "conference", type: "text", name: "Moa rooms" },
          [NS_DISCO_INFO, NS_DISCO_ITEMS, NS_MUC].sort(),
        );
      case "room":
        return roomInfo(chat, session, target.roomName);
      case "user":
        return userInfo(chat, session, features, target.jid);
    }
  });

  router.iq("get", NS_DISCO_ITEMS, "query", async (session, payload, iq) => {
    if (payload.attrs.node !== undefined)
      throw new StanzaError("item-not-found");
    const target = targetOf(iq.attrs.to as string | undefined, session);
    const domain = sessionDomain(session);
    const items = xml("query", { xmlns: NS_DISCO_ITEMS });
    switch (target.kind) {
      case "server":
        items.c("item", { jid: roomDomain(domain), name: "Moa rooms" });
        break;
      case "conference":
        for (const r of await chat.rooms.list(session.actor))
          items.c("item", {
            jid: roomJid(r.name, domain),
            name: roomDisplayName(r.title, r.members, session.bare),
          });
        break;
      case "room":
        // Occupants are not listed here (XEP-0045 §6.5 allows this); a member sees them on joining.
        await chat.rooms.members(session.actor, target.roomName);
        break;
      case "user":
        await userInfo(chat, session, features, target.jid);
        break;
    }
    return items;
  });
}
