/**
 * Rooms and their member lists for fan-out, cached per node. Every change is announced on the bus, so each node drops
 * its copy; a cache miss reads the database. A membership change drops the member list only: the room's own record
 * (its type) changes far less often, and re-reading it after every join or leave put a database read in front of the
 * room's next message.
 */
import { ROOM_MEMBERS_TOPIC, type ChatBus } from "../../bus/bus.js";
import type { Db } from "../../db/database.js";
import { ChatError } from "./errors.js";
import {
  findRoomByName,
  listMembers,
  type MemberRecord,
  type RoomRecord,
} from "../../db/repositories/chat/chat-rooms.repository.js";

const MAX_ROOMS = 10_000;
/**
 * A membership change. Every other event on the topic drops the room's record too: nodes older than this kind
 * announced every change, type changes included, as "members-changed", so a cluster upgraded node by node keeps no
 * stale type.
 */
const MEMBERSHIP_CHANGED = "membership-changed";
const ROOM_CHANGED = "room-changed";

/** A room, one of its members and all of them. */
export type Membership = {
  room: RoomRecord;
  me: MemberRecord;
  members: readonly MemberRecord[];
};

export class MemberCache {
  private readonly rooms = new Map<number, Promise<readonly MemberRecord[]>>();
  private readonly byName = new Map<string, RoomRecord>();
  private readonly nameById = new Map<number, string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: ChatBus,
  ) {
    this.unsubscribe = bus.subscribe(ROOM_MEMBERS_TOPIC, (e) => {
      if (typeof e.roomId !== "number") return;
      if (e.kind === MEMBERSHIP_CHANGED) this.rooms.delete(e.roomId);
      else this.dropRoom(e.roomId);
    });
  }

  /**
   * The current members of a room.
   * @param roomId the room.
   * @returns the members (shared by every caller).
   */
  get(roomId: number): Promise<readonly MemberRecord[]> {
    let entry = this.rooms.get(roomId);
    if (!entry) {
      if (this.rooms.size >= MAX_ROOMS) this.rooms.clear();
      entry = listMembers(this.db, roomId);
      this.rooms.set(roomId, entry);
      // A failed read must not stay cached.
      entry.catch(() => this.rooms.delete(roomId));
    }
    return entry;
  }

  /**
   * A room by name, cached (a room's type can change: see roomChanged).
   * @param name the room name.
   * @returns the room, or undefined (misses are not cached, so new rooms are found).
   */
  async room(name: string): Promise<RoomRecord | undefined> {
    const cached = this.byName.get(name);
    if (cached) return cached;
    const room = await findRoomByName(this.db, name);
    if (room) {
      if (this.byName.size >= MAX_ROOMS) this.byName.clear();
      this.byName.set(name, room);
      this.nameById.set(room.id, name);
    }
    return room;
  }

  /**
   * A room with its members, when the given user is one of them.
   * @param userId the member to look for.
   * @param roomName the room.
   * @returns the room, that member and every member.
   * @throws ChatError not_member, for a missing room too: room names are guessable, so it answers as a foreign one.
   */
  async membership(userId: number, roomName: string): Promise<Membership> {
    const room = await this.room(roomName);
    return memberOf(userId, room, room ? await this.get(room.id) : []);
  }

  /**
   * Tells every node that a room's membership changed.
   * @param roomId the room.
   */
  invalidate(roomId: number): void {
    this.rooms.delete(roomId);
    this.bus.publish(ROOM_MEMBERS_TOPIC, { kind: MEMBERSHIP_CHANGED, roomId });
  }

  /**
   * Tells every node that a room's record (its type) and its membership changed.
   * @param roomId the room.
   */
  roomChanged(roomId: number): void {
    this.dropRoom(roomId);
    this.bus.publish(ROOM_MEMBERS_TOPIC, { kind: ROOM_CHANGED, roomId });
  }

  private dropRoom(roomId: number): void {
    this.rooms.delete(roomId);
    const name = this.nameById.get(roomId);
    if (name !== undefined) this.byName.delete(name);
    this.nameById.delete(roomId);
  }

  close(): void {
    this.unsubscribe();
  }
}

/**
 * Picks a member out of a room's members.
 * @param userId the member to look for.
 * @param room the room, if it exists.
 * @param members its members.
 * @returns the room, that member and every member.
 * @throws ChatError not_member, for a missing room too: room names are guessable, so it answers as a foreign one.
 */
export function memberOf(
  userId: number,
  room: RoomRecord | undefined,
  members: readonly MemberRecord[],
): Membership {
  const me = members.find((m) => m.userId === userId);
  if (!room || !me) throw new ChatError("not_member");
  return { room, me, members };
}
