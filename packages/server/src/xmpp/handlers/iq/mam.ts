/**
 * XEP-0313 message archive management (v2) with XEP-0059 result set paging, so stock clients page history.
 * Query a room JID for that room's history (spec RoomHistory: start/end = log time range; the paged form =
 * end at the point time, `<before/>`, max 100); query your own bare JID for every room, which reconnecting
 * clients use with `<after>{last stanza id}</after>` to catch up. Results come from the archive queried.
 * https://xmpp.org/extensions/xep-0313.html
 */
import xml, { type Element } from "@xmpp/xml";
import {
  NS_DATA,
  NS_MAM,
  NS_RSM,
  HISTORY_PAGE_SIZE,
  parseJid,
  roomDomain,
  roomJid,
} from "@moa/shared";
import type { ChatServices } from "../../../services/chat/chat-services.js";
import type { DiscoFeatures } from "../../disco-features.js";
import type { Router } from "../../router.js";
import { roomNicks } from "../../../services/chat/room-nicks.js";
import { mamResult, sessionDomain } from "../../render.js";
import type { ChatSession } from "../../stream/chat-session.js";
import { StanzaError } from "../../stream/errors.js";
import { roomNameOf } from "../target.js";
import type { MessageView } from "../../../services/chat/events.js";
import type { UserArchive } from "../../im/one-to-one.js";

function formFields(query: Element): Map<string, string> {
  const fields = new Map<string, string>();
  for (const field of query.getChild("x", NS_DATA)?.getChildren("field") ??
    []) {
    const name = field.attrs.var as string | undefined;
    if (name) fields.set(name, field.getChildText("value") ?? "");
  }
  return fields;
}

function parseTime(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms))
    throw new StanzaError("bad-request", "invalid_input");
  return ms;
}

function parseId(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 0)
    throw new StanzaError("item-not-found");
  return id;
}

/** The archive filter a `with` value asks for (XEP-0313 §4.1.1). */
type WithFilter = { roomName?: string; senderJid?: string } | "nothing";

/**
 * Reads `with`: in a room's archive an occupant (`room/nick`) or a member's bare JID picks their messages; in the
 * user's archive a room JID picks that room and a user's bare JID that user's messages.
 */
async function withFilter(
  chat: ChatServices,
  session: ChatSession,
  roomName: string | undefined,
  value: string | undefined,
): Promise<WithFilter> {
  if (value === undefined || value === "") return {};
  const jid = parseJid(value);
  if (!jid) throw new StanzaError("bad-request", "invalid_input");
  const bare = `${jid.local}@${jid.domain}`;
  if (jid.domain === roomDomain(sessionDomain(session))) {
    if (roomName === undefined)
      return jid.resource === undefined ? { roomName: jid.local } : "nothing";
    if (jid.local !== roomName) return "nothing";
    if (jid.resource === undefined) return {};
    const { members } = await chat.rooms.members(session.actor, roomName);
    const byNick = [...roomNicks(members)].find(([, n]) => n === jid.resource);
    return byNick ? { senderJid: byNick[0] } : "nothing";
  }
  return { senderJid: bare };
}

/** The search form (XEP-0313 §4.1.1): the fields a query may use. */
function searchForm(): Element {
  return xml(
    "query",
    { xmlns: NS_MAM },
    xml(
      "x",
      { xmlns: NS_DATA, type: "form" },
      xml(
        "field",
        { var: "FORM_TYPE", type: "hidden" },
        xml("value", {}, NS_MAM),
      ),
      xml("field", { var: "with", type: "jid-single" }),
      xml("field", { var: "start", type: "text-single" }),
      xml("field", { var: "end", type: "text-single" }),
    ),
  );
}

/**
 * The part of a page that fits a byte budget (RSM lets a page hold fewer items than asked for). At least one item;
 * a page read back from the end (`<before/>`) keeps its newest items, any other its oldest, so the next page goes on
 * from where this one stops.
 * @param sizes each item's size, in page order.
 * @param budget the most bytes to keep.
 * @param fromEnd whether the page was read back from the end.
 * @returns the kept items' index range, [start, end).
 */
function fitPage(
  sizes: readonly number[],
  budget: number,
  fromEnd: boolean,
): [number, number] {
  let total = 0;
  const fits = (size: number | undefined, kept: number) =>
    size !== undefined && (kept === 0 || total + size <= budget);
  if (fromEnd) {
    let start = sizes.length;
    for (; fits(sizes[start - 1], sizes.length - start); start--)
      total += sizes[start - 1] ?? 0;
    return [start, sizes.length];
  }
  let end = 0;
  for (; fits(sizes[end], end); end++) total += sizes[end] ?? 0;
  return [0, end];
}

/**
 * Registers the MAM query handler.
 * @param router the router.
 * @param chat the chat services.
 * @param features the advertised features.
 * @param pageBytes the most bytes of messages one page sends: a page of long messages (a hundred pasted logs) must
 *   stay well under what a connection may leave unread (limits.maxOutputBytes), or a client catching up on a slow
 *   link would be cut off on every try.
 * @param userArchive the IM part's answer for the user's own archive (1:1 history `with` a colleague, 1:1 form for
 *   stock clients), if any.
 */
export function registerMam(
  router: Router,
  chat: ChatServices,
  features: DiscoFeatures,
  pageBytes: number,
  userArchive?: (
    session: ChatSession,
    withJid: string | undefined,
  ) => Promise<UserArchive | null | undefined>,
): void {
  // XEP-0313 §7: the user's own archive is discovered at their bare JID; room archives at the room (muc/room-info.ts).
  features.addAccount(NS_MAM, true);
  router.iq("set", NS_MAM, "query", async (session: ChatSession, query, iq) => {
    const to = iq.attrs.to as string | undefined;
    let roomName: string | undefined;
    if (to !== undefined && to !== session.bare) {
      roomName = roomNameOf(to, session);
      if (!roomName) throw new StanzaError("item-not-found");
    }
    const fields = formFields(query);
    const set = query.getChild("set", NS_RSM);
    const maxText = set?.getChildText("max");
    const max = maxText ? Number(maxText) : HISTORY_PAGE_SIZE;
    if (!Number.isInteger(max) || max < 0)
      throw new StanzaError("bad-request", "invalid_input");
    const before = set?.getChild("before");
    const queryId = query.attrs.queryid as string | undefined;
    const archive =
      roomName === undefined
        ? session.bare
        : roomJid(roomName, sessionDomain(session));
    let render = (m: MessageView): string | Promise<string> =>
      mamResult(m, session, queryId, archive);
    // The user's own archive: 1:1 history `with` a colleague, 1:1 form for stock clients (im/one-to-one.ts).
    const own =
      roomName === undefined && userArchive
        ? await userArchive(session, fields.get("with"))
        : undefined;
    const filter: WithFilter = own
      ? {}
      : own === null
        ? "nothing"
        : await withFilter(chat, session, roomName, fields.get("with"));
    if (own) {
      roomName = own.roomName;
      render = (m) => own.render(m, queryId);
    }
    if (filter === "nothing") {
      const fin = xml("fin", { xmlns: NS_MAM, complete: "true" });
      fin.c("set", { xmlns: NS_RSM });
      return fin;
    }
    const page = await chat.messages.history(session.actor, {
      roomName: roomName ?? filter.roomName,
      senderJid: filter.senderJid,
      startTime: parseTime(fields.get("start")),
      endTime: parseTime(fields.get("end")),
      afterId: parseId(set?.getChildText("after")),
      beforeId: parseId(before?.getText()),
      fromEnd: before !== undefined,
      max: Math.max(max, 1),
    });
    const rendered: string[] = [];
    for (const m of max === 0 ? [] : page.messages)
      rendered.push(await render(m));
    const [start, end] = fitPage(
      rendered.map((r) => Buffer.byteLength(r)),
      pageBytes,
      before !== undefined,
    );
    for (const r of rendered.slice(start, end)) session.deliver(r);
    const messages = page.messages.slice(start, end);
    const fin = xml("fin", {
      xmlns: NS_MAM,
      complete: String(page.complete && end - start === rendered.length),
    });
    const rsm = fin.c("set", { xmlns: NS_RSM });
    const first = messages[0];
    const last = messages[messages.length - 1];
    if (first && last) {
      rsm.c("first").t(String(first.id));
      rsm.c("last").t(String(last.id));
    }
    return fin;
  });
  router.iq("get", NS_MAM, "query", () => Promise.resolve(searchForm()));
}
