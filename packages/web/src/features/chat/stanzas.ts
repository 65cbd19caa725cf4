/**
 * The chat stanzas the room list speaks (docs/protocol.md §2–§4): MyRoomList, read watermarks and MAM catch-up are
 * built here, and room lists, deliveries, archive results, watch pushes and retractions are read from DOM elements.
 */
import {
  AFFILIATIONS,
  isContentType,
  NS_DATA,
  NS_MAM,
  NS_MOA_CHAT,
  NS_MOA_ROOMS,
  NS_RSM,
  NS_SID,
  previewMessage,
  roomTypeFromName,
  ROOM_TYPES,
  type Affiliation,
  type RoomType,
} from "@moa/shared";
import { $iq } from "strophe.js";
import { child, children, numberAttr } from "../../lib/xml";
import type { ChatMessage, Room, RoomMember } from "./chat-types";

export { child, children, numberAttr };

const ROOM_TYPE_VALUES: readonly number[] = Object.values(ROOM_TYPES);

function roomType(value: string | null, roomName: string): RoomType {
  const n = Number(value ?? "");
  return ROOM_TYPE_VALUES.includes(n)
    ? (n as RoomType)
    : roomTypeFromName(roomName);
}

/** An affiliation attribute; `none` for anything unknown. */
export function affiliation(value: string | null): Affiliation {
  return (AFFILIATIONS as readonly string[]).includes(value ?? "")
    ? (value as Affiliation)
    : "none";
}

/** The local part of a JID (`room@conference.d/nick` → `room`). */
function localPart(jid: string): string {
  const at = jid.indexOf("@");
  return at < 0 ? "" : jid.slice(0, at);
}

/** MyRoomList get. */
export function roomListQuery(): Element {
  return $iq({ type: "get" }).c("rooms", { xmlns: NS_MOA_ROOMS }).tree();
}

/** watchmsgtimeMember set: the user read the room up to `time`. */
export function watchQuery(roomName: string, time: number): Element {
  return $iq({ type: "set" })
    .c("watch", { xmlns: NS_MOA_ROOMS, room: roomName, time: String(time) })
    .tree();
}

/**
 * A MAM query over every room of the user (own bare JID).
 * @param queryId - tags the result messages.
 * @param page - `after` a stanza id (catch-up, oldest first) or `latest` (the newest `max` messages).
 */
export function archiveQuery(
  queryId: string,
  page: { after: number } | "latest",
  max: number,
): Element {
  const builder = $iq({ type: "set" })
    .c("query", { xmlns: NS_MAM, queryid: queryId })
    .c("x", { xmlns: NS_DATA, type: "submit" })
    .c("field", { var: "FORM_TYPE", type: "hidden" })
    .c("value")
    .t(NS_MAM)
    .up()
    .up()
    .up()
    .c("set", { xmlns: NS_RSM })
    .c("max")
    .t(String(max))
    .up();
  if (page === "latest") builder.c("before");
  else builder.c("after").t(String(page.after));
  return builder.tree();
}

/** What a MyRoomList answer holds. */
export type RoomList = { rooms: Room[]; privateRoom: boolean };

/**
 * Reads a MyRoomList result.
 * @returns the rooms, or null when the iq holds no `<rooms/>`.
 */
export function parseRoomList(iq: Element): RoomList | null {
  const list = child(iq, "rooms", NS_MOA_ROOMS);
  if (!list) return null;
  const rooms = children(list, "room").flatMap((el): Room[] => {
    const name = el.getAttribute("name") ?? "";
    if (!name) return [];
    const last = child(el, "last");
    const contentType = last?.getAttribute("content-type");
    const members: RoomMember[] = children(el, "member").map((m) => ({
      jid: m.getAttribute("jid") ?? "",
      name: m.getAttribute("name") ?? "",
      affiliation: affiliation(m.getAttribute("affiliation")),
    }));
    const lastMessage =
      last && isContentType(contentType)
        ? {
            text: last.textContent,
            contentType,
            senderJid: last.getAttribute("sender") ?? "",
            time: numberAttr(last, "time"),
            deleted: last.getAttribute("deleted") === "true",
          }
        : null;
    const order = el.getAttribute("order");
    return [
      {
        name,
        jid: el.getAttribute("jid") ?? "",
        type: roomType(el.getAttribute("type"), name),
        title: el.getAttribute("title") ?? "",
        myRoomName: el.getAttribute("my-room-name") ?? "",
        members,
        order: order === null || order === "" ? null : Number(order),
        hidden:
          el.getAttribute("hidden") === "true" ||
          el.getAttribute("display") === "off",
        alarmBlocked: el.getAttribute("alarm-blocked") === "true",
        watch: numberAttr(el, "watch"),
        unreadCount: numberAttr(el, "unread"),
        lastMessageTime: lastMessage?.time ?? 0,
        lastMessage,
      },
    ];
  });
  return { rooms, privateRoom: list.getAttribute("private-room") !== "OFF" };
}

/**
 * Reads a room message delivery (live, or the forwarded one of an archive result).
 * @param stanzaId - the archive id when the caller knows it (archive results); else the `<stanza-id/>`.
 * @returns the message, or null for anything else (errors, headlines, typing…).
 */
export function parseRoomMessage(
  message: Element,
  stanzaId?: number,
): ChatMessage | null {
  if (message.getAttribute("type") !== "groupchat") return null;
  const chat = child(message, "chat", NS_MOA_CHAT);
  const idText = child(message, "stanza-id", NS_SID)?.getAttribute("id");
  const id = stanzaId ?? Number(idText ?? "");
  const contentType = chat?.getAttribute("content-type");
  const from = message.getAttribute("from") ?? "";
  const roomName = localPart(from);
  if (!chat || !Number.isSafeInteger(id) || id <= 0 || !roomName) return null;
  if (!isContentType(contentType)) return null;
  const slash = from.indexOf("/");
  const reply = child(message, "reply", NS_MOA_CHAT);
  const extension = child(message, "extensions", NS_MOA_CHAT)?.textContent;
  const body = child(message, "body")?.textContent ?? "";
  const long = chat.getAttribute("long") === "true";
  const people = children(chat, "person").flatMap((p) => {
    const jid = p.getAttribute("jid")?.toLowerCase();
    const name = p.getAttribute("name");
    return jid && name
      ? [{ jid, name, position: p.getAttribute("position") ?? "" }]
      : [];
  });
  return {
    stanzaId: id,
    roomName,
    roomJid: slash < 0 ? from : from.slice(0, slash),
    roomType: roomType(chat.getAttribute("room-type"), roomName),
    senderJid: chat.getAttribute("sender") ?? "",
    senderName: chat.getAttribute("sender-name") ?? "",
    time: numberAttr(chat, "time"),
    contentType,
    // The server sends a long message whole (for stock clients); the window shows its preview and see-all (§2.11).
    text: long ? previewMessage(body).text : body,
    deleted: chat.getAttribute("deleted") === "true",
    long,
    ...(reply
      ? {
          reply: {
            title: reply.getAttribute("title") ?? "",
            text: reply.textContent,
            time: numberAttr(reply, "time"),
          },
        }
      : {}),
    ...(extension ? { extension } : {}),
    ...(people.length > 0 ? { people } : {}),
  };
}

/** An archive result message: its query id and the message it forwards. */
export function parseArchiveResult(
  message: Element,
): { queryId: string; message: ChatMessage | null } | null {
  const result = child(message, "result", NS_MAM);
  if (!result) return null;
  const forwarded = child(result, "forwarded");
  const inner = forwarded ? child(forwarded, "message") : undefined;
  const id = Number(result.getAttribute("id") ?? "");
  return {
    queryId: result.getAttribute("queryid") ?? "",
    message:
      inner && Number.isSafeInteger(id) ? parseRoomMessage(inner, id) : null,
  };
}

/** The `<fin/>` of a MAM answer: whether the archive is exhausted and the last id of the page. */
export function parseArchiveFin(iq: Element): {
  complete: boolean;
  last: number | null;
} {
  const fin = child(iq, "fin", NS_MAM);
  const set = fin ? child(fin, "set", NS_RSM) : undefined;
  const last = set ? child(set, "last")?.textContent : undefined;
  return {
    complete: fin?.getAttribute("complete") !== "false",
    last: last ? Number(last) : null,
  };
}

/** A read watermark push (`<message type="headline"><watch room jid time/></message>`). */
export function parseWatchPush(
  message: Element,
): { roomName: string; jid: string; time: number } | null {
  const watch = child(message, "watch", NS_MOA_ROOMS);
  const roomName = watch?.getAttribute("room");
  if (!watch || !roomName) return null;
  return {
    roomName,
    jid: watch.getAttribute("jid") ?? "",
    time: numberAttr(watch, "time"),
  };
}

/** A deletion notice (`<deleted room time sender/>` next to a retraction). */
export function parseDeletion(
  message: Element,
): { roomName: string; time: number } | null {
  const deleted = child(message, "deleted", NS_MOA_CHAT);
  const roomName = deleted?.getAttribute("room");
  if (!deleted || !roomName) return null;
  return { roomName, time: numberAttr(deleted, "time") };
}
