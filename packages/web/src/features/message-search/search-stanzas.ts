/**
 * The message search query over the chat connection (docs/protocol.md, urn:moa:search:0): the request with its
 * filters and keyset cursor, and the answer's hits with their highlighted snippets, read as data (never as HTML).
 */
import { NS_MOA_SEARCH, NS_RSM } from "@moa/shared";
import { $iq } from "strophe.js";

/** What to search for and where. */
export type SearchParams = {
  /** The text; the server trims and normalises it (1..100 characters). */
  readonly q: string;
  /** Only this room (its name). */
  readonly room?: string;
  /** Only this sender (bare JID). */
  readonly sender?: string;
  /** Only messages at or after this log time (epoch ms). */
  readonly start?: number;
  /** Only messages at or before this log time (epoch ms). */
  readonly end?: number;
  /** Only FILE messages, matched by file name. */
  readonly files?: boolean;
  /** Page size (the server allows at most 50). */
  readonly max?: number;
  /** The previous page's `last`: the next older page. */
  readonly before?: string;
};

/** A piece of a snippet: plain text, or a match of the query. */
export type SnippetPart = { readonly text: string; readonly match: boolean };

/** One message that matches. */
export type SearchHit = {
  /** The message's stanza id. */
  readonly id: string;
  readonly roomName: string;
  readonly roomJid: string;
  /** The room's type (spec: 1 dual, 2 group, 3 project, 4 self, 9 news). */
  readonly roomType: number;
  /** The room's name as the searcher sees it. */
  readonly roomTitle: string;
  readonly senderJid: string;
  readonly senderName: string;
  /** The message key (log time, epoch ms). */
  readonly time: number;
  readonly contentType: "TALK" | "FILE";
  readonly snippet: readonly SnippetPart[];
};

/** A page of hits, newest first; `next` is the cursor of the older page, absent at the end. */
export type SearchPage = {
  readonly hits: readonly SearchHit[];
  readonly next: string | undefined;
};

/** The page size the main window asks for. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * The search iq.
 * @param params - the query, filters and cursor.
 */
export function searchQuery(params: SearchParams): Element {
  const attrs: Record<string, string> = { xmlns: NS_MOA_SEARCH, q: params.q };
  if (params.room !== undefined) attrs.room = params.room;
  if (params.sender !== undefined) attrs.sender = params.sender;
  if (params.start !== undefined) attrs.start = String(params.start);
  if (params.end !== undefined) attrs.end = String(params.end);
  if (params.files) attrs.files = "true";
  const builder = $iq({ type: "get" })
    .c("search", attrs)
    .c("set", { xmlns: NS_RSM })
    .c("max")
    .t(String(params.max ?? SEARCH_PAGE_SIZE))
    .up();
  if (params.before !== undefined) builder.c("before").t(params.before);
  return builder.tree();
}

/**
 * The snippet's text and matches in order. Only text is taken from the server's markup: any element other than `<em>`
 * contributes its text as plain text, so nothing the server relays can become markup.
 */
export function parseSnippet(snippet: Element | undefined): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last?.match === match)
      parts[parts.length - 1] = { text: last.text + text, match };
    else parts.push({ text, match });
  };
  for (let node = snippet?.firstChild; node; node = node.nextSibling)
    push(
      node.textContent ?? "",
      node.nodeType === 1 && (node as Element).localName === "em",
    );
  return parts;
}

// This chunk reads the answer with the DOM alone: helpers shared with the first load would be split out of it.
const childNamed = (el: Element, name: string, ns?: string) =>
  [...el.children].filter(
    (c) => c.localName === name && (ns === undefined || c.namespaceURI === ns),
  );
const positive = (el: Element, name: string) => {
  const value = Number(el.getAttribute(name) ?? "");
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};

function parseHit(el: Element): SearchHit | null {
  const id = el.getAttribute("id");
  const roomName = el.getAttribute("room");
  const time = positive(el, "time");
  const type = positive(el, "room-type");
  if (!id || !roomName || time === 0 || type === 0) return null;
  return {
    id,
    roomName,
    roomJid: el.getAttribute("room-jid") ?? "",
    roomType: type,
    roomTitle: el.getAttribute("room-title") ?? "",
    senderJid: el.getAttribute("sender") ?? "",
    senderName: el.getAttribute("sender-name") ?? "",
    time,
    contentType: el.getAttribute("content-type") === "FILE" ? "FILE" : "TALK",
    snippet: parseSnippet(childNamed(el, "snippet")[0]),
  };
}

/**
 * Reads a search answer.
 * @param iq - the result iq.
 * @param max - the page size asked for: a shorter page is the last one.
 * @returns the hits (malformed ones left out) and the next page's cursor.
 */
export function parseSearchResult(iq: Element, max: number): SearchPage {
  const search = childNamed(iq, "search", NS_MOA_SEARCH)[0];
  if (!search) throw new Error("search answer without a result");
  const found = childNamed(search, "hit");
  const hits = found.flatMap((el) => parseHit(el) ?? []);
  const set = childNamed(search, "set", NS_RSM)[0];
  const last = set ? childNamed(set, "last")[0]?.textContent : undefined;
  return {
    hits,
    next: last && found.length >= max ? last : undefined,
  };
}
