/**
 * A room message as room windows read it (bridge `message:added`, `messages:fetch`): the key is the log time, and the
 * extensions JSON is read once here into file data, room event data or a news entry. The JSON is the server's or
 * another client's text: anything of an unexpected shape is left out rather than trusted.
 */
import { webhardLinkTokenSchema, type BridgeEvents } from "@moa/shared";
import type { ChatMessage } from "./chat-types";

type BridgeMessage = BridgeEvents["message:added"]["message"];

type Json = Record<string, unknown>;

function parseObject(text: string | undefined): Json | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Json)
      : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string =>
  typeof value === "string" ? value : "";
const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : [];

function fileOf(ext: Json): BridgeMessage["file"] {
  const fileName = text(ext.fileName);
  if (!fileName) return undefined;
  const size =
    typeof ext.fileSizeOrg === "number" ? ext.fileSizeOrg : ext.fileSize;
  return {
    fileName,
    fileSize: typeof size === "number" && Number.isFinite(size) ? size : 0,
    // The download link and thumbnail need the file number (spec §3): left out when it is not a usable one.
    ...(Number.isSafeInteger(ext.fileno) && Number(ext.fileno) > 0
      ? { fileno: Number(ext.fileno) }
      : {}),
    // Only whether there is a thumbnail: the link itself is built from the file number, never taken from here.
    ...(text(ext.thumbUrl) ? { thumbnail: true } : {}),
    // A webhard link: its download path is built from the token, which must look like one.
    ...(webhardLinkTokenSchema.safeParse(ext.webhardLink).success
      ? { webhardLink: text(ext.webhardLink) }
      : {}),
  };
}

/** INVITE {inviter, invitees}, EXIT {member}, BAN {members}, DELEGATE {from, to} (docs/protocol.md §2). */
function eventOf(message: ChatMessage, ext: Json): BridgeMessage["event"] {
  switch (message.contentType) {
    case "INVITE":
      return {
        actor: text(ext.inviter) || message.senderJid,
        targets: strings(ext.invitees),
      };
    case "EXIT":
      return { targets: [text(ext.member) || message.senderJid] };
    case "BAN":
      return { actor: message.senderJid, targets: strings(ext.members) };
    case "DELEGATE":
      return {
        actor: text(ext.from) || message.senderJid,
        targets: strings([ext.to]),
      };
    default:
      return undefined;
  }
}

/** An alarm `{title, senderDetail, link}` or a news feed `{newsfeed: {header, detail, link, senderDetail}}`. */
function alarmOf(ext: Json): BridgeMessage["alarm"] {
  const feed =
    typeof ext.newsfeed === "object" && ext.newsfeed !== null
      ? (ext.newsfeed as Json)
      : null;
  if (feed)
    return {
      title: text(feed.header),
      detail: text(feed.detail),
      senderDetail: text(feed.senderDetail),
      link: text(feed.link),
    };
  return {
    title: text(ext.title),
    detail: "",
    senderDetail: text(ext.senderDetail),
    link: text(ext.link),
  };
}

/** The message as the room window reads it. */
export function toBridgeMessage(message: ChatMessage): BridgeMessage {
  const ext = message.deleted ? null : parseObject(message.extension);
  const file = ext && message.contentType === "FILE" ? fileOf(ext) : undefined;
  const event = ext ? eventOf(message, ext) : undefined;
  const alarm =
    ext && message.contentType === "ALROOM" ? alarmOf(ext) : undefined;
  const mentions =
    ext && message.contentType === "TALK"
      ? strings(ext.mentions).map((jid) => jid.toLowerCase())
      : [];
  return {
    key: String(message.time),
    roomName: message.roomName,
    senderJid: message.senderJid,
    senderName: message.senderName,
    text: message.text,
    contentType: message.contentType,
    isDel: message.deleted,
    isLongMsg: message.long,
    ...(message.reply
      ? {
          replyTitle: message.reply.title,
          replyText: message.reply.text,
          replyTime: String(message.reply.time),
        }
      : {}),
    ...(file ? { file } : {}),
    ...(event ? { event } : {}),
    ...(alarm ? { alarm } : {}),
    ...(mentions.length > 0 ? { mentions } : {}),
    ...(message.people ? { people: [...message.people] } : {}),
  };
}
