/**
 * The stanzas the main window speaks for open room windows (docs/protocol.md §2–§4): room history pages (MAM with RSM
 * `<before/>`), room messages with an origin id (XEP-0359), members with their read watermarks, long-message and
 * delete-message queries and the muted-rooms user data.
 */
import {
  NS_DATA,
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_MOA_USER,
  NS_RSM,
  NS_SID,
  NS_STANZAS,
} from "@moa/shared";
import { $iq, $msg } from "strophe.js";
import type { RoomMember } from "./chat-types";
import { affiliation, child, children, numberAttr } from "./stanzas";

/** Which page of a room's history: the newest, the one older than a log time, or the one newer than it. */
export type HistoryPosition =
  { readonly before: number | null } | { readonly after: number };

/**
 * A page of one room's history, delivered oldest first: newest first from `before` (exclusive; null for the newest
 * page) with `<before/>`, or oldest first from `after` (exclusive) going forward.
 * @param queryId - tags the result messages.
 * @param roomJid - the room's bare JID.
 * @param position - where the page is.
 * @param max - page size.
 */
export function roomHistoryQuery(
  queryId: string,
  roomJid: string,
  position: HistoryPosition,
  max: number,
): Element {
  const builder = $iq({ type: "set", to: roomJid })
    .c("query", { xmlns: NS_MAM, queryid: queryId })
    .c("x", { xmlns: NS_DATA, type: "submit" })
    .c("field", { var: "FORM_TYPE", type: "hidden" })
    .c("value")
    .t(NS_MAM)
    .up()
    .up();
  // `start` and `end` are inclusive on the server: one millisecond off excludes the message the window already has.
  const bound =
    "after" in position
      ? { name: "start", time: position.after + 1 }
      : position.before === null
        ? null
        : { name: "end", time: position.before - 1 };
  if (bound)
    builder
      .c("field", { var: bound.name })
      .c("value")
      .t(String(bound.time))
      .up()
      .up();
  builder.up().c("set", { xmlns: NS_RSM }).c("max").t(String(max)).up();
  // Without <before/> the server pages forward from `start`.
  if (!("after" in position)) builder.c("before");
  return builder.tree();
}

/** What a sent room message quotes (spec §3 replyTitle, replyText, replyTime). */
export type OutgoingReply = { title: string; text: string; time: number };

/**
 * A TALK message to a room (or a FILE message, given its extensions JSON). The origin id makes a resend of the same
 * stanza idempotent (the server stores it once and answers with the same archive id); the stanza id is echoed by the
 * reflection that acknowledges it.
 */
export function roomMessage(input: {
  roomJid: string;
  id: string;
  originId: string;
  text: string;
  reply: OutgoingReply | null;
  /** The extensions JSON; TALK when absent. */
  extension?: string;
}): Element {
  const builder = $msg({ type: "groupchat", to: input.roomJid, id: input.id })
    .c("body")
    .t(input.text)
    .up()
    .c("origin-id", { xmlns: NS_SID, id: input.originId })
    .up();
  if (input.reply)
    builder
      .c("reply", {
        xmlns: NS_MOA_CHAT,
        title: input.reply.title,
        time: String(input.reply.time),
      })
      .t(input.reply.text)
      .up();
  return builder
    .c("extensions", { xmlns: NS_MOA_CHAT })
    .t(input.extension ?? JSON.stringify({ contentType: "TALK" }))
    .tree();
}

/** The reflection acknowledging a sent message: its stanza id attribute and log time, or null for anything else. */
export function parseReflection(
  message: Element,
): { id: string; time: number } | null {
  const id = message.getAttribute("id");
  const chat = child(message, "chat", NS_MOA_CHAT);
  if (!id || !chat || !child(message, "stanza-id", NS_SID)) return null;
  return { id, time: numberAttr(chat, "time") };
}

/** A `<message type="error">`: its stanza id attribute and the Moa error code (or the condition). */
export function parseMessageError(
  message: Element,
): { id: string; code: string } | null {
  const id = message.getAttribute("id");
  if (message.getAttribute("type") !== "error" || !id) return null;
  const error = child(message, "error");
  const text = error ? child(error, "text", NS_STANZAS)?.textContent : "";
  const condition = error?.firstElementChild?.localName;
  return { id, code: text || condition || "undefined-condition" };
}

/** `<members room/>` get: the members with their affiliations and read watermarks. */
export function membersQuery(roomName: string): Element {
  return $iq({ type: "get" })
    .c("members", { xmlns: NS_MOA_ROOMS, room: roomName })
    .tree();
}

/** A member as the members answer lists it, with its read watermark (epoch ms). */
export type WatchedMember = RoomMember & { readonly watch: number };

/** Reads a `<members/>` answer; null when the iq holds none. */
export function parseMembers(iq: Element): WatchedMember[] | null {
  const list = child(iq, "members", NS_MOA_ROOMS);
  if (!list) return null;
  return children(list, "member").map((m) => ({
    jid: m.getAttribute("jid") ?? "",
    name: m.getAttribute("name") ?? "",
    affiliation: affiliation(m.getAttribute("affiliation")),
    watch: numberAttr(m, "watch"),
  }));
}

/** longMessage get: the whole body of a truncated message. */
export function longMessageQuery(
  roomName: string,
  time: number,
  senderJid: string,
): Element {
  return $iq({ type: "get" })
    .c("long-message", {
      xmlns: NS_MOA_ROOMS,
      room: roomName,
      time: String(time),
      sender: senderJid,
    })
    .tree();
}

/** The body of a long-message answer; null when the iq holds none. */
export function parseLongMessage(iq: Element): string | null {
  const el = child(iq, "long-message", NS_MOA_ROOMS);
  return el ? el.textContent : null;
}

/** DeleteMessage set: the own message at `time` becomes a tombstone for everyone. */
export function deleteMessageQuery(roomName: string, time: number): Element {
  return $iq({ type: "set" })
    .c("delete-message", {
      xmlns: NS_MOA_ROOMS,
      room: roomName,
      time: String(time),
    })
    .tree();
}

/** userData get. */
export function userDataQuery(): Element {
  return $iq({ type: "get" }).c("user-data", { xmlns: NS_MOA_USER }).tree();
}

/** userData set of the muted rooms only (the other parts stay as they are). */
export function blockedAlarmsUpdate(roomNames: readonly string[]): Element {
  return $iq({ type: "set" })
    .c("user-data", { xmlns: NS_MOA_USER })
    .c("blocked-alarms")
    .t(JSON.stringify(roomNames))
    .tree();
}

/** The muted rooms of a userData answer; empty when absent or malformed. */
export function parseBlockedAlarms(iq: Element): string[] {
  const data = child(iq, "user-data", NS_MOA_USER);
  const text = data ? child(data, "blocked-alarms")?.textContent : undefined;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter((n): n is string => typeof n === "string")
      : [];
  } catch {
    return [];
  }
}
