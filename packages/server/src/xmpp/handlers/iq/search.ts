/**
 * Message search in `urn:moa:search:0` (docs/protocol.md): an iq get with the text and optional filters, answered
 * with hits newest first and XEP-0059 paging by `<before>` (the previous page's `<last>`, a stanza id).
 */
import xml, { type Element } from "@xmpp/xml";
import { NS_MOA_SEARCH, NS_RSM, parseJid, roomJid } from "@moa/shared";
import type { ChatServices } from "../../../services/chat/chat-services.js";
import type { SearchHit } from "../../../services/chat/search.service.js";
import { sessionDomain } from "../../render.js";
import type { Router } from "../../router.js";
import { StanzaError } from "../../stream/errors.js";

/** An optional epoch-ms attribute. */
function timeAttr(el: Element, name: string): number | undefined {
  const v = el.attrs[name] as string | undefined;
  if (v === undefined) return undefined;
  if (!/^\d{1,15}$/.test(v))
    throw new StanzaError("bad-request", "invalid_input");
  return Number(v);
}

/** The page size; absent means the default. */
function maxOf(set: Element | undefined): number | undefined {
  const text = set?.getChildText("max");
  if (text === null || text === undefined) return undefined;
  if (!/^\d{1,3}$/.test(text.trim()))
    throw new StanzaError("bad-request", "invalid_input");
  return Number(text.trim());
}

/** The keyset cursor: a stanza id this server handed out as `<first>`/`<last>`. */
function cursorOf(set: Element | undefined): number | undefined {
  const before = set?.getChild("before");
  if (!before) return undefined;
  const text = before.getText().trim();
  // An empty <before/> (XEP-0059's "last page") is the newest page, which a search starts with anyway.
  if (text === "") return undefined;
  if (!/^\d{1,15}$/.test(text)) throw new StanzaError("item-not-found");
  return Number(text);
}

function senderOf(search: Element): string | undefined {
  const v = search.attrs.sender as string | undefined;
  if (v === undefined) return undefined;
  const jid = parseJid(v);
  if (!jid?.local) throw new StanzaError("bad-request", "invalid_input");
  return `${jid.local}@${jid.domain}`;
}

function renderHit(hit: SearchHit, domain: string): Element {
  return xml(
    "hit",
    {
      id: String(hit.id),
      room: hit.roomName,
      "room-jid": roomJid(hit.roomName, domain),
      "room-type": String(hit.roomType),
      "room-title": hit.roomTitle,
      sender: hit.senderJid,
      "sender-name": hit.senderName,
      time: String(hit.logTime),
      "content-type": hit.contentType,
    },
    xml(
      "snippet",
      {},
      ...hit.snippet.map((p) => (p.match ? xml("em", {}, p.text) : p.text)),
    ),
  );
}

/**
 * Registers the search handler.
 * @param router the router.
 * @param chat the chat services.
 */
export function registerSearch(router: Router, chat: ChatServices): void {
  router.iq("get", NS_MOA_SEARCH, "search", async (session, search) => {
    const q = search.attrs.q as string | undefined;
    if (q === undefined) throw new StanzaError("bad-request", "invalid_input");
    const files = search.attrs.files as string | undefined;
    if (files !== undefined && files !== "true" && files !== "false")
      throw new StanzaError("bad-request", "invalid_input");
    const set = search.getChild("set", NS_RSM);
    const result = await chat.search.search(session.actor, {
      q,
      roomName: search.attrs.room as string | undefined,
      senderJid: senderOf(search),
      startTime: timeAttr(search, "start"),
      endTime: timeAttr(search, "end"),
      filesOnly: files === "true",
      beforeId: cursorOf(set),
      max: maxOf(set),
    });
    const domain = sessionDomain(session);
    const reply = xml(
      "search",
      { xmlns: NS_MOA_SEARCH, q: result.q },
      ...result.hits.map((h) => renderHit(h, domain)),
    );
    const rsm = reply.c("set", { xmlns: NS_RSM });
    const first = result.hits[0];
    const last = result.hits[result.hits.length - 1];
    if (first && last) {
      rsm.c("first").t(String(first.id));
      rsm.c("last").t(String(last.id));
    }
    return reply;
  });
}
