/**
 * XEP-0045 joins: a presence to `{room JID}/{nick}` with `<x xmlns="http://jabber.org/protocol/muc"/>` is answered
 * like a MUC service answers an entering occupant (§7.2): every other member's presence, the joiner's own presence,
 * the history the `<history/>` element asks for (none without it), then the subject (the room title). Membership is
 * Moa's: every member is an occupant whether online or not, a join never adds a member and leaving (unavailable
 * presence) never removes one. Nicks are the members' names, unique within the room (room-nicks.ts); a joiner asking
 * for another nick gets theirs with status 210.
 */
import xml, { type Element } from "@xmpp/xml";
import {
  HISTORY_PAGE_SIZE,
  NS_CLIENT,
  NS_DELAY,
  NS_MUC,
  NS_MUC_USER,
  parseJid,
  roomJid,
} from "@moa/shared";
import type { MemberRecord } from "../../db/repositories/chat/chat-rooms.repository.js";
import { roomNicks } from "../../services/chat/room-nicks.js";
import type { XmppContext } from "../context.js";
import { messageElement, sessionDomain } from "../render.js";
import type { ChatSession } from "../stream/chat-session.js";
import { StanzaError } from "../stream/errors.js";
import { mucAffiliation } from "./room-info.js";

/** XEP-0045 §15.6 status codes. */
const STATUS = {
  nonAnonymous: "100",
  self: "110",
  logged: "170",
  nickAssigned: "210",
} as const;

function occupantPresence(
  from: string,
  to: string,
  item: Record<string, string>,
  codes: readonly string[],
  type?: "unavailable",
): Element {
  return xml(
    "presence",
    { xmlns: NS_CLIENT, from, to, ...(type ? { type } : {}) },
    xml(
      "x",
      { xmlns: NS_MUC_USER },
      xml("item", item),
      ...codes.map((code) => xml("status", { code })),
    ),
  );
}

/** What the join's `<history/>` asks for (XEP-0045 §7.2.14), as an archive query; undefined for none. */
function historyRequest(
  join: Element,
  now: number,
): { max: number; startTime?: number } | undefined {
  const history = join.getChild("history");
  if (!history) return undefined;
  const num = (name: string): number | undefined => {
    const v = history.attrs[name] as string | undefined;
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 0)
      throw new StanzaError("bad-request", "invalid_input");
    return n;
  };
  const maxStanzas = num("maxstanzas");
  const maxChars = num("maxchars");
  const seconds = num("seconds");
  const since = history.attrs.since as string | undefined;
  if (maxStanzas === 0 || maxChars === 0) return undefined;
  let startTime = seconds === undefined ? undefined : now - seconds * 1000;
  if (since !== undefined) {
    const t = Date.parse(since);
    if (!Number.isFinite(t))
      throw new StanzaError("bad-request", "invalid_input");
    startTime = Math.max(startTime ?? t, t);
  }
  return {
    max: Math.min(maxStanzas ?? HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE),
    ...(startTime !== undefined ? { startTime } : {}),
  };
}

async function sendHistory(
  ctx: XmppContext,
  session: ChatSession,
  roomName: string,
  room: string,
  request: { max: number; startTime?: number },
): Promise<void> {
  const page = await ctx.chat.messages.history(session.actor, {
    roomName,
    startTime: request.startTime,
    fromEnd: true,
    max: request.max,
  });
  const domain = sessionDomain(session);
  for (const m of page.messages) {
    const el = messageElement(m, domain, session.jid, `m${m.id}`);
    el.c("delay", {
      xmlns: NS_DELAY,
      stamp: new Date(m.logTime).toISOString(),
      from: room,
    });
    session.deliver(el.toString());
  }
}

/** A member's occupant item: non-anonymous rooms show every occupant's real JID (status 100). */
function itemOf(member: MemberRecord, jid: string): Record<string, string> {
  return {
    affiliation: mucAffiliation(member.affiliation),
    role: "participant",
    jid,
  };
}

/**
 * Answers a presence addressed to a room occupant JID.
 * @param ctx the XMPP context.
 * @param session the sender.
 * @param presence the stanza.
 * @param roomName the room it addresses.
 * @throws ChatError not_member (also for a room that does not exist: a join never creates a room, as Moa rooms are
 * created with their members through `create`).
 */
export async function roomPresence(
  ctx: XmppContext,
  session: ChatSession,
  presence: Element,
  roomName: string,
): Promise<void> {
  const { room, members } = await ctx.chat.rooms.members(
    session.actor,
    roomName,
  );
  const domain = sessionDomain(session);
  const jid = roomJid(room.name, domain);
  const nicks = roomNicks(members);
  const myNick = nicks.get(session.bare) ?? "";
  const me = members.find((m) => m.userId === session.actor.userId);
  if (!me) throw new StanzaError("forbidden", "not_member");
  const self = itemOf(me, session.jid);
  const to = presence.attrs.to as string;
  if (presence.attrs.type === "unavailable") {
    // The occupant leaves the conversation view; the member stays a member.
    session.deliver(
      occupantPresence(
        `${jid}/${myNick}`,
        session.jid,
        { ...self, role: "none" },
        [STATUS.self],
        "unavailable",
      ).toString(),
    );
    return;
  }
  const join = presence.getChild("x", NS_MUC);
  const requested = parseJid(to)?.resource;
  const codes: string[] = [STATUS.nonAnonymous, STATUS.logged];
  if (requested !== myNick) codes.push(STATUS.nickAssigned);
  if (join) {
    for (const m of members) {
      if (m.userId === me.userId) continue;
      const nick = nicks.get(m.jid.toLowerCase()) ?? m.name;
      session.deliver(
        occupantPresence(
          `${jid}/${nick}`,
          session.jid,
          itemOf(m, m.jid),
          [],
        ).toString(),
      );
    }
  }
  session.deliver(
    occupantPresence(`${jid}/${myNick}`, session.jid, self, [
      ...codes,
      STATUS.self,
    ]).toString(),
  );
  if (!join) return;
  const request = historyRequest(join, ctx.now());
  if (request) await sendHistory(ctx, session, roomName, jid, request);
  session.deliver(
    xml(
      "message",
      {
        xmlns: NS_CLIENT,
        type: "groupchat",
        from: jid,
        to: session.jid,
        id: `subject-${room.name}`,
      },
      xml("subject", {}, room.title),
    ).toString(),
  );
}
