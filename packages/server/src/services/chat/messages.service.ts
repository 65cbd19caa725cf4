/**
 * Sending, reading and deleting messages. A message is acknowledged only after its archive commit (group
 * commit via ArchiveWriter); then it is published to every member's user topic.
 */
import {
  HISTORY_PAGE_SIZE,
  MESSAGE_DELETE_WINDOW_MS,
  ROOM_TYPES,
  isContentType,
  previewMessage,
} from "@moa/shared";
import { randomUUID } from "node:crypto";
import { userTopic, type ChatBus } from "../../bus/bus.js";
import type { Db } from "../../db/database.js";
import { InFlight } from "../../in-flight.js";
import {
  findMessageById,
  findMessageByLogTime,
  findMessageByOriginId,
  markMessageDeleted,
  queryHistory,
  type MessageRecord,
} from "../../db/repositories/chat/chat-messages.repository.js";
import {
  advanceWatch,
  listRoomsOfUser,
  type MemberRecord,
  type RoomRecord,
} from "../../db/repositories/chat/chat-rooms.repository.js";
import type { ChatPerson } from "../../db/repositories/chat/chat-users.repository.js";
import type { Actor } from "../auth/actor.js";
import type { ChatFilesRepository } from "../../db/repositories/chat-files.repository.js";
import type { ArchiveWriter } from "./archive-writer.js";
import { ChatError } from "./errors.js";
import type { MessageView } from "./events.js";
import { serverFileMessage } from "./file-message.js";
import {
  serverWebhardLinkMessage,
  webhardLinkOf,
} from "./webhard-link-message.js";
import type { WebhardRepository } from "../../db/repositories/webhard.repository.js";
import type { MemberCache } from "./member-cache.js";
import { roomNicks, senderNick } from "./room-nicks.js";
import { namedJids, peopleOf, resolvePeople } from "./people.js";

export type SendInput = {
  roomName: string;
  body: string;
  originId?: string | undefined;
  clientId?: string | undefined;
  /** The sending chat session (a retry's copy for the others skips it: it is answered directly). */
  senderSession?: string | undefined;
  extension?: string | undefined;
  replyTitle?: string | undefined;
  replyText?: string | undefined;
  replyTime?: number | undefined;
  /**
   * Called once the message is queued for the archive, before it commits: the sender's connection may then start on
   * its next message, which queues behind this one (not called when the message is refused before that).
   */
  onQueued?: (() => void) | undefined;
};

export type HistoryInput = {
  /** A room, or undefined for every room of the actor (catch-up). */
  roomName?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  afterId?: number | undefined;
  beforeId?: number | undefined;
  /** Only messages from this sender (bare JID). */
  senderJid?: string | undefined;
  /** Last page (newest messages) when paging backwards without a before id. */
  fromEnd: boolean;
  max?: number | undefined;
};

export type HistoryPage = { messages: MessageView[]; complete: boolean };

export type MessagesDeps = {
  db: Db;
  bus: ChatBus;
  members: MemberCache;
  writer: ArchiveWriter;
  files: ChatFilesRepository;
  webhard: WebhardRepository;
  now: () => number;
  /** Publish retries of stored messages again (several nodes: see storeAndPublish). */
  republishRetries?: boolean;
};

/** Content type of the extensions JSON, or TALK when absent. */
function contentTypeOf(extension: string | undefined): string {
  if (extension === undefined) return "TALK";
  let parsed: unknown;
  try {
    parsed = JSON.parse(extension);
  } catch {
    throw new ChatError("invalid_input", "extensions is not JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ChatError("invalid_input", "extensions must be a JSON object");
  }
  const type = (parsed as { contentType?: unknown }).contentType ?? "TALK";
  if (!isContentType(type))
    throw new ChatError("invalid_input", "unknown contentType");
  return type;
}

export class MessagesService {
  /** Stores under way (committing or being published): a draining node lets them finish. */
  private readonly inFlight = new InFlight();

  constructor(private readonly deps: MessagesDeps) {}

  /**
   * Waits for every store begun so far to be committed and published (or to fail).
   * @returns when none is left from before the call.
   */
  async settled(): Promise<void> {
    await this.inFlight.settled();
  }

  /**
   * Sends a message from a member: stored (once per origin id), then delivered to every member.
   * @param actor the sender.
   * @param input room, body, optional origin id, reply quote and extensions JSON.
   * @returns the stored message as members see it; fresh is false for a retry of an already stored one
   * (then it was not delivered again: only the caller should be answered).
   * A FILE message is stored with the server's record of the file or webhard link it names (see file-message.ts,
   * webhard-link-message.ts).
   * @throws ChatError not_member (also for a room that does not exist), forbidden (news rooms), invalid_input,
   * file_not_found (FILE naming a file not uploaded to this room, or a webhard link that is not the sender's own).
   */
  async send(
    actor: Actor,
    input: SendInput,
  ): Promise<{ view: MessageView; fresh: boolean }> {
    const { room, members } = await this.deps.members.membership(
      actor.userId,
      input.roomName,
    );
    if (room.type === ROOM_TYPES.news)
      throw new ChatError("forbidden", "news rooms take no user messages");
    const contentType = contentTypeOf(input.extension);
    if (contentType !== "TALK" && contentType !== "FILE") {
      throw new ChatError(
        "invalid_input",
        "room events are sent by the server",
      );
    }
    if (input.body.trim() === "" && contentType === "TALK")
      throw new ChatError("invalid_input", "empty body");
    const content =
      contentType === "FILE" && input.extension !== undefined
        ? await this.serverFileContent(actor, room, input.extension)
        : { body: input.body, extension: input.extension ?? null };
    return this.store(room, members, {
      senderId: actor.userId,
      senderJid: actor.jid.toLowerCase(),
      originId: input.originId ?? randomUUID(),
      body: content.body,
      contentType,
      extension: content.extension,
      replyTitle: input.replyTitle ?? null,
      replyText: input.replyText ?? null,
      replyTime: input.replyTime ?? null,
      clientId: input.clientId,
      senderSession: input.senderSession,
      onQueued: input.onQueued,
    });
  }

  /** A FILE message's stored content: an uploaded file of the room, or a webhard link the sender made. */
  private async serverFileContent(
    actor: Actor,
    room: RoomRecord,
    extension: string,
  ): Promise<{ body: string; extension: string }> {
    const token = webhardLinkOf(extension);
    return token === undefined
      ? serverFileMessage(this.deps.files, room, extension, this.deps.now())
      : serverWebhardLinkMessage(
          this.deps.webhard,
          actor,
          token,
          this.deps.now(),
        );
  }

  /**
   * Posts a server-made message (room events, news alarms) into a room.
   * @param room the room.
   * @param sender who caused it (null for the groupware integration).
   * @param body the body.
   * @param extension the extensions object (contentType first).
   * @param formerMembers users just removed from the room (EXIT, BAN) who still receive this one message; the
   *   membership is removed first, so a member who reads the member list on seeing the message reads it changed.
   * @returns the stored message.
   */
  async post(
    room: RoomRecord,
    sender: { id: number | null; jid: string },
    body: string,
    extension: Record<string, unknown> & { contentType: string },
    formerMembers: readonly MemberRecord[] = [],
  ): Promise<MessageView> {
    const members = [
      ...(await this.deps.members.get(room.id)),
      ...formerMembers,
    ];
    const { view } = await this.store(
      room,
      members,
      {
        senderId: sender.id,
        senderJid: sender.jid,
        originId: randomUUID(),
        body,
        contentType: extension.contentType,
        extension: JSON.stringify(extension),
        replyTitle: null,
        replyText: null,
        replyTime: null,
        clientId: undefined,
        senderSession: undefined,
        onQueued: undefined,
      },
      formerMembers,
    );
    return view;
  }

  private async store(
    room: RoomRecord,
    members: readonly MemberRecord[],
    m: Omit<MessageRecord, "id" | "roomId" | "logTime" | "deletedAt"> & {
      clientId: string | undefined;
      senderSession: string | undefined;
      onQueued: (() => void) | undefined;
    },
    formerMembers: readonly MemberRecord[] = [],
  ): Promise<{ view: MessageView; fresh: boolean }> {
    return this.inFlight.track(
      this.storeAndPublish(room, members, m, formerMembers),
    );
  }

  private async storeAndPublish(
    room: RoomRecord,
    members: readonly MemberRecord[],
    m: Omit<MessageRecord, "id" | "roomId" | "logTime" | "deletedAt"> & {
      clientId: string | undefined;
      senderSession: string | undefined;
      onQueued: (() => void) | undefined;
    },
    formerMembers: readonly MemberRecord[],
  ): Promise<{ view: MessageView; fresh: boolean }> {
    const { clientId, senderSession, onQueued, ...record } = m;
    const storing = this.deps.writer.store(
      { ...record, roomId: room.id },
      room.type === ROOM_TYPES.dual,
      // Runs after the commit and after the previous batch's announcements: members hear a room's messages in
      // chattime order.
      async ({ record: stored, fresh }) => {
        const view = {
          ...(await this.viewOf(stored, room, members)),
          clientId,
        };
        // A retry of a stored message. With several nodes, the node that stored it may have died between its commit
        // and its publish, so members elsewhere never had it: the retry publishes it (to every session but the
        // retrying one, which the caller answers) unless the first attempt did; the bus lets only one of the two
        // through.
        if (!fresh && !this.deps.republishRetries)
          return { result: view, publish: () => Promise.resolve() };
        // Re-read members: the cache may have changed while the commit ran (e.g. someone joined).
        const current = [
          ...(await this.deps.members.get(room.id)),
          ...formerMembers,
        ];
        const event = fresh
          ? { kind: "chat.message", message: view }
          : { kind: "chat.message", message: view, skipSession: senderSession };
        return {
          result: view,
          publish: () =>
            this.deps.bus.publishOnce(
              `msg:${stored.id}`,
              current.map((member) => ({
                topic: userTopic(member.userId),
                event,
              })),
            ),
        };
      },
    );
    onQueued?.();
    const { stored, result } = await storing;
    // A repeat of the origin id within the batch: its first copy was announced; this one is answered directly.
    const view = result ?? {
      ...(await this.viewOf(stored.record, room, members)),
      clientId,
    };
    return { view, fresh: stored.fresh };
  }

  /** A stored message as members see it, with the people it names. */
  private async viewOf(
    stored: MessageRecord,
    room: RoomRecord,
    members: readonly MemberRecord[],
  ): Promise<MessageView> {
    const jids = namedJids(stored);
    const people = await resolvePeople(
      this.deps.db,
      room.companyId,
      jids,
      members,
    );
    return toView(stored, room, peopleOf(jids, people), roomNicks(members));
  }

  /**
   * Reads history: one room, or every room of the actor for catch-up, limited to what the actor may see.
   * @param actor the reader.
   * @param input room, time range, id cursor, page size.
   * @returns the page in chronological order and whether it reaches the end of the range.
   * @throws ChatError not_member.
   */
  async history(actor: Actor, input: HistoryInput): Promise<HistoryPage> {
    const limit = Math.min(
      Math.max(input.max ?? HISTORY_PAGE_SIZE, 1),
      HISTORY_PAGE_SIZE,
    );
    const rooms = await this.visibleRooms(actor, input.roomName);
    await this.requireCursor(input.roomName, rooms, input.afterId);
    await this.requireCursor(input.roomName, rooms, input.beforeId);
    const newestFirst =
      input.beforeId !== undefined ||
      (input.fromEnd && input.afterId === undefined);
    const rows = await queryHistory(this.deps.db, {
      rooms: rooms.map((r) => ({ roomId: r.room.id, fromId: r.fromId })),
      startTime: input.startTime,
      endTime: input.endTime,
      afterId: input.afterId,
      beforeId: input.beforeId,
      senderJid: input.senderJid?.toLowerCase(),
      newestFirst,
      limit: limit + 1,
    });
    const complete = rows.length <= limit;
    const page = rows.slice(0, limit);
    if (newestFirst) page.reverse();
    const byId = new Map(rooms.map((r) => [r.room.id, r.room]));
    const nicks = new Map(
      await Promise.all(
        [...new Set(page.map((row) => row.roomId))].map(
          async (id) =>
            [id, roomNicks(await this.deps.members.get(id))] as const,
        ),
      ),
    );
    const named = page.map(namedJids);
    // One lookup per page: every room of a user belongs to the user's company.
    const people = await resolvePeople(this.deps.db, actor.companyId, [
      ...new Set(named.flat()),
    ]);
    return {
      messages: page.flatMap((row, i) => {
        const room = byId.get(row.roomId);
        return room
          ? [
              toView(
                row,
                room,
                peopleOf(named[i] ?? [], people),
                nicks.get(row.roomId) ?? new Map(),
              ),
            ]
          : [];
      }),
      complete,
    };
  }

  /**
   * Checks a paging cursor (XEP-0313 §6.1: an unknown id is item-not-found, not an empty page). A room's archive knows
   * only its own ids; the every-room archive knows every stored id, so catching up from a message of a room the
   * reader has since left still works.
   */
  private async requireCursor(
    roomName: string | undefined,
    rooms: readonly { room: RoomRecord }[],
    id: number | undefined,
  ): Promise<void> {
    if (id === undefined) return;
    const msg = await findMessageById(this.deps.db, id);
    if (!msg || (roomName !== undefined && msg.roomId !== rooms[0]?.room.id))
      throw new ChatError("message_not_found");
  }

  /**
   * The full body of a long message (spec §7.8 longMessage).
   * @param actor the reader.
   * @param roomName the room.
   * @param logTime the message key.
   * @param senderJid the sender, when given.
   * @returns the whole body.
   * @throws ChatError not_member, message_not_found.
   */
  async longMessage(
    actor: Actor,
    roomName: string,
    logTime: number,
    senderJid?: string,
  ): Promise<string> {
    const visible = await this.visibleRoom(actor, roomName);
    const msg = await findMessageByLogTime(
      this.deps.db,
      visible.room.id,
      logTime,
      senderJid?.toLowerCase(),
    );
    if (!msg || msg.id <= visible.fromId || msg.deletedAt !== null)
      throw new ChatError("message_not_found");
    return msg.body;
  }

  /**
   * Deletes an own message within 5 minutes: it becomes a tombstone for everyone and in history.
   * @param actor the sender.
   * @param roomName the room.
   * @param logTime the message key.
   * @throws ChatError message_not_found, forbidden (not the sender), delete_window_passed.
   */
  async deleteMessage(
    actor: Actor,
    roomName: string,
    logTime: number,
  ): Promise<void> {
    const visible = await this.visibleRoom(actor, roomName);
    const msg = await findMessageByLogTime(
      this.deps.db,
      visible.room.id,
      logTime,
      actor.jid.toLowerCase(),
    );
    await this.tombstone(actor, visible.room, msg);
  }

  /**
   * Deletes an own message by stanza id (XEP-0424 retraction); same rules as deleteMessage.
   * @param actor the sender.
   * @param roomName the room.
   * @param id the stanza id.
   * @throws ChatError message_not_found, forbidden, delete_window_passed.
   */
  async deleteMessageById(
    actor: Actor,
    roomName: string,
    id: number,
  ): Promise<void> {
    const visible = await this.visibleRoom(actor, roomName);
    const msg = await findMessageById(this.deps.db, id);
    await this.tombstone(
      actor,
      visible.room,
      msg?.roomId === visible.room.id ? msg : undefined,
    );
  }

  /**
   * Deletes an own message named the way a client knows it (XEP-0424): the origin id it gave the message, or the
   * archive (stanza) id; same rules as deleteMessage.
   * @param actor the sender.
   * @param roomName the room.
   * @param ref the origin id or stanza id.
   * @throws ChatError message_not_found, forbidden, delete_window_passed.
   */
  async retract(actor: Actor, roomName: string, ref: string): Promise<void> {
    const visible = await this.visibleRoom(actor, roomName);
    const own = await findMessageByOriginId(
      this.deps.db,
      visible.room.id,
      actor.jid.toLowerCase(),
      ref,
    );
    if (own) return this.tombstone(actor, visible.room, own);
    const id = Number(ref);
    if (!/^\d+$/.test(ref) || !Number.isSafeInteger(id))
      throw new ChatError("message_not_found");
    return this.deleteMessageById(actor, roomName, id);
  }

  private async tombstone(
    actor: Actor,
    room: RoomRecord,
    msg: MessageRecord | undefined,
  ): Promise<void> {
    if (!msg || msg.deletedAt !== null)
      throw new ChatError("message_not_found");
    if (msg.senderId !== actor.userId) throw new ChatError("forbidden");
    const now = this.deps.now();
    if (now - msg.logTime > MESSAGE_DELETE_WINDOW_MS)
      throw new ChatError("delete_window_passed");
    await markMessageDeleted(this.deps.db, msg.id, now);
    const members = await this.deps.members.get(room.id);
    const event = {
      kind: "chat.deleted",
      roomName: room.name,
      id: msg.id,
      originId: msg.originId,
      logTime: msg.logTime,
      senderJid: msg.senderJid,
      senderNick: roomNicks(members).get(msg.senderJid.toLowerCase()) ?? "",
    };
    for (const m of members) this.deps.bus.publish(userTopic(m.userId), event);
  }

  /**
   * Moves the actor's read watermark forward and tells every member (unread counts update live).
   * @param actor the reader.
   * @param roomName the room.
   * @param watch the log time read up to.
   * @returns the watermark after the update (never lower than before).
   * @throws ChatError not_member.
   */
  async setWatch(
    actor: Actor,
    roomName: string,
    watch: number,
  ): Promise<number> {
    const room = await this.deps.members.room(roomName);
    if (!room) throw new ChatError("not_member");
    const value = await advanceWatch(
      this.deps.db,
      room.id,
      actor.userId,
      watch,
    );
    if (value === undefined) throw new ChatError("not_member");
    const event = {
      kind: "chat.watch",
      roomName: room.name,
      memberJid: actor.jid.toLowerCase(),
      watch: value,
    };
    this.deps.members.invalidate(room.id);
    for (const m of await this.deps.members.get(room.id))
      this.deps.bus.publish(userTopic(m.userId), event);
    return value;
  }

  /**
   * Every member's read watermark.
   * @param actor a member.
   * @param roomName the room.
   * @returns member JID and watermark.
   * @throws ChatError not_member.
   */
  async getWatches(
    actor: Actor,
    roomName: string,
  ): Promise<{ jid: string; watch: number }[]> {
    const { members } = await this.deps.members.membership(
      actor.userId,
      roomName,
    );
    return members.map((m) => ({ jid: m.jid, watch: m.watch }));
  }

  private async visibleRoom(
    actor: Actor,
    roomName: string,
  ): Promise<{ room: RoomRecord; fromId: number }> {
    const { room, me } = await this.deps.members.membership(
      actor.userId,
      roomName,
    );
    return { room, fromId: me.historyFromId };
  }

  private async visibleRooms(
    actor: Actor,
    roomName: string | undefined,
  ): Promise<{ room: RoomRecord; fromId: number }[]> {
    if (roomName === undefined) {
      const rows = await listRoomsOfUser(this.deps.db, actor.userId);
      return rows.map((r) => ({ room: r.room, fromId: r.historyFromId }));
    }
    return [await this.visibleRoom(actor, roomName)];
  }
}

/**
 * Shapes a stored message for members: deleted ones emptied, long ones flagged (their whole body is kept, so
 * stock XMPP clients get it; Moa clients show the preview).
 * @param m the record.
 * @param room its room.
 * @param people the people it names (its sender first, when known).
 * @param nicks the room's member nicks, for the sender's nick.
 * @returns the view.
 */
export function toView(
  m: MessageRecord,
  room: RoomRecord,
  people: ChatPerson[],
  nicks: ReadonlyMap<string, string>,
): MessageView {
  const deleted = m.deletedAt !== null;
  const isLongMsg = !deleted && previewMessage(m.body).isLong;
  const senderName =
    people.find((p) => p.jid === m.senderJid.toLowerCase())?.name ?? "";
  return {
    id: m.id,
    roomName: room.name,
    roomType: room.type,
    senderJid: m.senderJid,
    senderName,
    senderNick: senderNick(nicks, { jid: m.senderJid, name: senderName }),
    originId: m.originId,
    logTime: m.logTime,
    body: deleted ? "" : m.body,
    isLongMsg,
    contentType: m.contentType,
    extension: deleted ? null : m.extension,
    replyTitle: deleted ? null : m.replyTitle,
    replyText: deleted ? null : m.replyText,
    replyTime: m.replyTime,
    deleted,
    deletedAt: m.deletedAt,
    people,
  };
}
