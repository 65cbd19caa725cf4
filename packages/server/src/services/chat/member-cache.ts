/**
 * Room member lists for fan-out, cached per node. Every membership change is announced on the bus, so each
 * node drops its copy; a cache miss reads the database.
 */
import { ROOM_MEMBERS_TOPIC, type ChatBus } from "../../bus/bus.js";
import type { Db } from "../../db/database.js";
import {
  listMembers,
  type MemberRecord,
} from "../../db/repositories/chat/chat-rooms.repository.js";

const MAX_ROOMS = 10_000;

export class MemberCache {
  private readonly rooms = new Map<number, Promise<MemberRecord[]>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: ChatBus,
  ) {
    this.unsubscribe = bus.subscribe(ROOM_MEMBERS_TOPIC, (e) => {
      if (typeof e.roomId === "number") this.rooms.delete(e.roomId);
    });
  }

  /**
   * The current members of a room.
   * @param roomId the room.
   * @returns the members (a shared array: do not mutate).
   */
  get(roomId: number): Promise<MemberRecord[]> {
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
   * Tells every node that a room's membership changed.
   * @param roomId the room.
   */
  invalidate(roomId: number): void {
    this.rooms.delete(roomId);
    this.bus.publish(ROOM_MEMBERS_TOPIC, { kind: "members-changed", roomId });
  }

  close(): void {
    this.unsubscribe();
  }
}
