/**
 * Rooms and membership rules (spec §4 Rooms, §6): creation, invite, leave, kick, delegate, room type, names.
 * Membership (not presence) decides delivery; every change is announced to other nodes via the member cache.
 */
import {
  ROOM_TITLE_MAX_LENGTH,
  ROOM_TYPES,
  createRoomName,
  isMultiRoom,
  parseJid,
  type CreatableRoomType,
  type RoomType,
} from "@moa/shared";
import type { Db } from "../../db/database.js";
import { UNIQUE_VIOLATION, hasPgCode } from "../../db/pg-errors.js";
import {
  deleteMembers,
  findOrInsertRoomOf,
  findRoomByName,
  insertMembers,
  insertRoom,
  listMembers,
  listRoomsOfUser,
  lockRoomByName,
  maxMessageId,
  setAffiliationOfOthers,
  updateMember,
  updateRoomType,
  type MemberRecord,
  type RoomRecord,
} from "../../db/repositories/chat/chat-rooms.repository.js";
import {
  findChatUsersByJid,
  type ChatUser,
} from "../../db/repositories/chat/chat-users.repository.js";
import type { Actor } from "../auth/actor.js";
import { ChatError } from "./errors.js";
import { memberOf, type MemberCache, type Membership } from "./member-cache.js";
import type { MessagesService } from "./messages.service.js";
import type { UserDataService } from "./user-data.service.js";

export type CreateRoomInput = {
  type: number;
  memberJids: readonly string[];
  title?: string | undefined;
};

/** One entry of MyRoomList. */
export type RoomListEntry = {
  name: string;
  type: number;
  title: string;
  myRoomName: string | null;
  affiliation: string;
  joinTime: number;
  leaveTime: number | null;
  hidden: boolean;
  watch: number;
  unread: number;
  order: number | null;
  alarmBlocked: boolean;
  members: { jid: string; name: string; affiliation: string; watch: number }[];
  lastMessage: {
    body: string;
    logTime: number;
    senderJid: string;
    contentType: string;
    deleted: boolean;
  } | null;
};

export type RoomsDeps = {
  db: Db;
  members: MemberCache;
  messages: MessagesService;
  userData: UserDataService;
  now: () => number;
};

/** How many milliseconds on a new room's name may move when the names before are taken. */
const NAME_MOVES = 1_000;

/** Whether a stored room type is group or project. */
const isMulti = (type: number): boolean => isMultiRoom(type as RoomType);

const CREATABLE: readonly number[] = [
  ROOM_TYPES.dual,
  ROOM_TYPES.group,
  ROOM_TYPES.project,
  ROOM_TYPES.self,
];

export class RoomsService {
  constructor(private readonly deps: RoomsDeps) {}

  /**
   * Creates a room, or returns the existing dual or self room of the same people.
   * @param actor the creator (owner; chief of a project room).
   * @param input type (1 dual, 2 group, 3 project, 4 self), other members' JIDs, optional title.
   * @returns the room.
   * @throws ChatError invalid_input (type, member count, title), user_not_found.
   */
  async create(actor: Actor, input: CreateRoomInput): Promise<RoomRecord> {
    if (!CREATABLE.includes(input.type))
      throw new ChatError("invalid_input", "room type");
    const type = input.type as CreatableRoomType;
    const title = (input.title ?? "").trim();
    if (Array.from(title).length > ROOM_TITLE_MAX_LENGTH)
      throw new ChatError("invalid_input", "title too long");
    const others = (
      await this.resolveUsers(this.deps.db, actor, input.memberJids)
    ).filter((u) => u.id !== actor.userId);
    const personal = type === ROOM_TYPES.self || type === ROOM_TYPES.dual;
    if (personal && others.length !== (type === ROOM_TYPES.self ? 0 : 1))
      throw new ChatError("invalid_input", "member count");
    if (!personal && others.length === 0)
      throw new ChatError("invalid_input", "a room needs someone to talk to");
    const now = this.deps.now();
    const fields = {
      companyId: actor.companyId,
      type,
      title,
      createdBy: actor.userId,
      createdAt: now,
    };
    const members = [
      {
        userId: actor.userId,
        affiliation: "owner",
        joinedAt: now,
        historyFromId: 0,
      },
      ...others.map((u) => ({
        userId: u.id,
        affiliation: type === ROOM_TYPES.project ? "admin" : "owner",
        joinedAt: now,
        historyFromId: 0,
      })),
    ];
    const room = await this.storeNamed(actor, type, now, (name) =>
      // A dual or self room is one per its people: an existing one is returned.
      personal
        ? findOrInsertRoomOf(this.deps.db, { ...fields, name }, members)
        : insertRoom(this.deps.db, { ...fields, name }, members),
    );
    if (personal) return room;
    await this.postEvent(room, actor, {
      contentType: "INVITE",
      inviter: actor.jid.toLowerCase(),
      invitees: others.map((u) => u.jid),
    });
    return room;
  }

  /**
   * Stores a new room under the spec's name: prefix, the creator's node, the creation millisecond. A name another room
   * of the same creator made in the same millisecond holds moves on to the next millisecond.
   * @param actor the creator.
   * @param type the room type.
   * @param now the creation time.
   * @param store stores the room under a name; it fails with a unique violation when the name is taken.
   * @returns the stored room.
   */
  private async storeNamed(
    actor: Actor,
    type: CreatableRoomType,
    now: number,
    store: (name: string) => Promise<RoomRecord>,
  ): Promise<RoomRecord> {
    const node = parseJid(actor.jid)?.local ?? actor.loginId;
    for (let at = now; ; at++) {
      try {
        return await store(createRoomName(type, node, () => at));
      } catch (err) {
        if (!hasPgCode(err, UNIQUE_VIOLATION) || at - now >= NAME_MOVES)
          throw err;
      }
    }
  }

  /**
   * Invites users into a group or project room. Group invitees become owners and do not see earlier
   * messages; project invitees become admins and do. Only the chief invites in a project room.
   * @param actor a member.
   * @param roomName the room.
   * @param jids who to invite.
   * @returns the JIDs actually added.
   * @throws ChatError not_member, not_allowed (not a multi room), forbidden, user_not_found.
   */
  async invite(
    actor: Actor,
    roomName: string,
    jids: readonly string[],
  ): Promise<string[]> {
    const { room, invitees } = await this.decide(
      actor,
      roomName,
      async (tx, { room, me, members }) => {
        if (!isMulti(room.type))
          throw new ChatError("not_allowed", "invite creates a new room here");
        if (room.type === ROOM_TYPES.project && me.affiliation !== "owner")
          throw new ChatError("forbidden");
        const present = new Set(members.map((m) => m.userId));
        const invitees = (await this.resolveUsers(tx, actor, jids)).filter(
          (u) => !present.has(u.id),
        );
        if (invitees.length === 0) return { room, invitees };
        const now = this.deps.now();
        const historyFromId =
          room.type === ROOM_TYPES.group ? await maxMessageId(tx, room.id) : 0;
        await insertMembers(
          tx,
          room.id,
          invitees.map((u) => ({
            userId: u.id,
            affiliation: room.type === ROOM_TYPES.project ? "admin" : "owner",
            joinedAt: now,
            historyFromId,
          })),
        );
        return { room, invitees };
      },
    );
    if (invitees.length === 0) return [];
    this.deps.members.invalidate(room.id);
    await this.postEvent(room, actor, {
      contentType: "INVITE",
      inviter: actor.jid.toLowerCase(),
      invitees: invitees.map((u) => u.jid),
    });
    return invitees.map((u) => u.jid);
  }

  /**
   * Leaves a room. A dual room is hidden (leave time recorded, earlier messages no longer shown) until a new
   * message arrives; a multi room gets an EXIT notice and loses the membership.
   * @param actor the member.
   * @param roomName the room.
   * @throws ChatError not_allowed (own self room), chief_cannot_leave (project chief while others remain).
   */
  async leave(actor: Actor, roomName: string): Promise<void> {
    const { room, me } = await this.decide(
      actor,
      roomName,
      async (tx, { room, me, members }) => {
        if (room.type === ROOM_TYPES.self)
          throw new ChatError("not_allowed", "the self room cannot be left");
        if (room.type === ROOM_TYPES.dual) {
          await updateMember(tx, room.id, actor.userId, {
            leaveTime: this.deps.now(),
            historyFromId: await maxMessageId(tx, room.id),
          });
          return { room, me };
        }
        if (
          room.type === ROOM_TYPES.project &&
          me.affiliation === "owner" &&
          members.length > 1
        ) {
          throw new ChatError("chief_cannot_leave");
        }
        await deleteMembers(tx, room.id, [actor.userId]);
        return { room, me };
      },
    );
    this.deps.members.invalidate(room.id);
    if (room.type === ROOM_TYPES.dual) return;
    await this.postEvent(
      room,
      actor,
      {
        contentType: "EXIT",
        member: actor.jid.toLowerCase(),
      },
      [me],
    );
  }

  /**
   * The chief removes members from a project room (BAN notice, membership removed).
   * @param actor the chief.
   * @param roomName the room.
   * @param jids who to remove.
   * @returns the JIDs removed.
   * @throws ChatError forbidden (not the chief), not_allowed (not a project room, or self).
   */
  async kick(
    actor: Actor,
    roomName: string,
    jids: readonly string[],
  ): Promise<string[]> {
    const { room, out } = await this.decide(
      actor,
      roomName,
      async (tx, { room, me, members }) => {
        if (room.type !== ROOM_TYPES.project)
          throw new ChatError("not_allowed", "only project rooms have a chief");
        if (me.affiliation !== "owner") throw new ChatError("forbidden");
        const wanted = new Set(jids.map((j) => j.toLowerCase()));
        if (wanted.has(me.jid))
          throw new ChatError(
            "not_allowed",
            "the chief leaves, not kicks, themself",
          );
        const out = members.filter((m) => wanted.has(m.jid));
        if (out.length === 0) throw new ChatError("user_not_found");
        await deleteMembers(
          tx,
          room.id,
          out.map((m) => m.userId),
        );
        return { room, out };
      },
    );
    this.deps.members.invalidate(room.id);
    await this.postEvent(
      room,
      actor,
      {
        contentType: "BAN",
        members: out.map((m) => m.jid),
      },
      out,
    );
    return out.map((m) => m.jid);
  }

  /**
   * The chief hands the room over: the target becomes owner, the former chief admin (DELEGATE notice).
   * @param actor the chief.
   * @param roomName the project room.
   * @param toJid the new chief, a member.
   * @throws ChatError forbidden, not_allowed, user_not_found.
   */
  async delegate(actor: Actor, roomName: string, toJid: string): Promise<void> {
    const { room, target } = await this.decide(
      actor,
      roomName,
      async (tx, { room, me, members }) => {
        if (room.type !== ROOM_TYPES.project)
          throw new ChatError("not_allowed", "only project rooms have a chief");
        if (me.affiliation !== "owner") throw new ChatError("forbidden");
        const target = members.find((m) => m.jid === toJid.toLowerCase());
        if (!target) throw new ChatError("user_not_found");
        if (target.userId === actor.userId) return { room, target: undefined };
        await updateMember(tx, room.id, target.userId, {
          affiliation: "owner",
        });
        await updateMember(tx, room.id, actor.userId, { affiliation: "admin" });
        return { room, target };
      },
    );
    if (!target) return;
    this.deps.members.invalidate(room.id);
    await this.postEvent(room, actor, {
      contentType: "DELEGATE",
      from: actor.jid.toLowerCase(),
      to: target.jid,
    });
  }

  /**
   * Switches a multi room between group and project; the actor becomes chief of a project room.
   * @param actor an owner of the room.
   * @param roomName the room.
   * @param type 2 group or 3 project.
   * @throws ChatError invalid_input, forbidden, not_allowed.
   */
  async setType(actor: Actor, roomName: string, type: number): Promise<void> {
    const changed = await this.decide(
      actor,
      roomName,
      async (tx, { room, me }) => {
        if (type !== ROOM_TYPES.group && type !== ROOM_TYPES.project)
          throw new ChatError("invalid_input", "room type");
        if (!isMulti(room.type)) throw new ChatError("not_allowed");
        if (me.affiliation !== "owner") throw new ChatError("forbidden");
        if (room.type === type) return undefined;
        await updateRoomType(tx, room.id, type);
        await setAffiliationOfOthers(
          tx,
          room.id,
          type === ROOM_TYPES.project ? "admin" : "owner",
          actor.userId,
        );
        return room;
      },
    );
    if (changed) this.deps.members.roomChanged(changed.id);
  }

  /**
   * Runs a change a member's role decides in one transaction, on the room and its members as committed, holding the
   * room's row lock until it commits: of two such changes to one room (two hand-overs, a kick beside a hand-over, two
   * owners switching the type), on one node or two, the second decides on what the first did. Nothing in `change`
   * may use the database outside `tx`: embedded PGlite is one session, and such a statement would wait for this
   * transaction's end. The membership is read here, not from the node's cache: another node's announcement of a
   * change can still be on its way when the next request arrives. Callers announce and post events after the commit.
   * @param actor the member whose role decides.
   * @param roomName the room.
   * @param change the checks and writes.
   * @returns what `change` returns.
   * @throws ChatError not_member, and what `change` throws (nothing is written then).
   */
  private decide<T>(
    actor: Actor,
    roomName: string,
    change: (tx: Db, membership: Membership) => Promise<T>,
  ): Promise<T> {
    return this.deps.db.transaction().execute(async (tx) => {
      const room = await lockRoomByName(tx, roomName);
      const members = room ? await listMembers(tx, room.id) : [];
      return change(tx, memberOf(actor.userId, room, members));
    });
  }

  /**
   * Sets the actor's own name for a room (empty clears it).
   * @param actor a member.
   * @param roomName the room.
   * @param name up to 20 characters.
   * @throws ChatError invalid_input, not_member.
   */
  async setMyRoomName(
    actor: Actor,
    roomName: string,
    name: string,
  ): Promise<void> {
    const trimmed = name.trim();
    if (Array.from(trimmed).length > ROOM_TITLE_MAX_LENGTH)
      throw new ChatError("invalid_input", "room name too long");
    const { room } = await this.deps.members.membership(actor.userId, roomName);
    await updateMember(this.deps.db, room.id, actor.userId, {
      myRoomName: trimmed === "" ? null : trimmed,
    });
    this.deps.members.invalidate(room.id);
  }

  /**
   * The members of a room with affiliation `owner` (RoomOwnerList).
   * @param actor a member.
   * @param roomName the room.
   * @returns owner JIDs.
   */
  async owners(actor: Actor, roomName: string): Promise<string[]> {
    const { members } = await this.deps.members.membership(
      actor.userId,
      roomName,
    );
    return members.filter((m) => m.affiliation === "owner").map((m) => m.jid);
  }

  /**
   * A room's members.
   * @param actor a member.
   * @param roomName the room.
   * @returns the room and its members.
   */
  async members(
    actor: Actor,
    roomName: string,
  ): Promise<{ room: RoomRecord; members: readonly MemberRecord[] }> {
    const { room, members } = await this.deps.members.membership(
      actor.userId,
      roomName,
    );
    return { room, members };
  }

  /**
   * MyRoomList: every room of the actor with last message, unread count, pin order, alarm block and members.
   * @param actor the user.
   * @returns the rooms, newest activity first.
   */
  async list(actor: Actor): Promise<RoomListEntry[]> {
    const [rows, data] = await Promise.all([
      listRoomsOfUser(this.deps.db, actor.userId),
      this.deps.userData.get(actor),
    ]);
    const orders = new Map(data.roomOrders.map((o) => [o.name, o.order]));
    const blocked = new Set(data.blockedAlarms);
    const entries = await Promise.all(
      rows.map(async (r): Promise<RoomListEntry> => {
        const members = await this.deps.members.get(r.room.id);
        return {
          name: r.room.name,
          type: r.room.type,
          title: r.room.title,
          myRoomName: r.myRoomName,
          affiliation: r.affiliation,
          joinTime: r.joinedAt,
          leaveTime: r.leaveTime,
          hidden: r.leaveTime !== null,
          watch: r.watch,
          unread: r.unread,
          order: orders.get(r.room.name) ?? null,
          alarmBlocked: blocked.has(r.room.name),
          members: members.map((m) => ({
            jid: m.jid,
            name: m.name,
            affiliation: m.affiliation,
            watch: m.watch,
          })),
          lastMessage: r.last
            ? {
                body: r.last.deleted ? "" : r.last.body,
                logTime: r.last.logTime,
                senderJid: r.last.senderJid,
                contentType: r.last.contentType,
                deleted: r.last.deleted,
              }
            : null,
        };
      }),
    );
    return entries.sort(
      (a, b) =>
        (b.lastMessage?.logTime ?? b.joinTime) -
        (a.lastMessage?.logTime ?? a.joinTime),
    );
  }

  /**
   * Posts a room event as the actor: an archived message with no body, its extension saying what happened.
   * @param room the room.
   * @param actor who did it.
   * @param extension the event (INVITE, EXIT, BAN, DELEGATE) and its details.
   * @param formerMembers members just removed, told as well.
   */
  private async postEvent(
    room: RoomRecord,
    actor: Actor,
    extension: Record<string, unknown> & { contentType: string },
    formerMembers: readonly MemberRecord[] = [],
  ): Promise<void> {
    await this.deps.messages.post(
      room,
      { id: actor.userId, jid: actor.jid.toLowerCase() },
      "",
      extension,
      formerMembers,
    );
  }

  /**
   * Finds a room by name (for the integration endpoint and type checks).
   * @param roomName the room.
   * @returns the room, or undefined.
   */
  find(roomName: string): Promise<RoomRecord | undefined> {
    return findRoomByName(this.deps.db, roomName);
  }

  /** The users behind JIDs, read with `db` (the caller's transaction inside one); all of the actor's company. */
  private async resolveUsers(
    db: Db,
    actor: Actor,
    jids: readonly string[],
  ): Promise<ChatUser[]> {
    const wanted = [...new Set(jids.map((j) => j.toLowerCase()))];
    const users = await findChatUsersByJid(db, wanted);
    if (
      users.length !== wanted.length ||
      users.some((u) => u.companyId !== actor.companyId)
    ) {
      throw new ChatError("user_not_found");
    }
    return users;
  }
}
