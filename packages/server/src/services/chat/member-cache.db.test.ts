/**
 * The per-node room cache (PGlite; PostgreSQL in the services project): two caches on one bus stand for two nodes. A
 * membership change keeps the room's record, a type change drops it everywhere, and so does an older node's
 * announcement, which does not say which of the two it was.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOM_TYPES } from "@moa/shared";
import { ROOM_MEMBERS_TOPIC } from "../../bus/bus.js";
import { createMemoryBus } from "../../bus/memory-bus.js";
import type { DatabaseHandle } from "../../db/database.js";
import { updateRoomType } from "../../db/repositories/chat/chat-rooms.repository.js";
import { createBareRoom, createTestDatabase } from "../../testing/index.js";
import { MemberCache } from "./member-cache.js";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

it("keeps a room's type across membership changes and drops it on every node when the type changes", async () => {
  const bus = createMemoryBus();
  const [here, there] = [
    new MemberCache(handle.db, bus),
    new MemberCache(handle.db, bus),
  ];
  const name = "cache_type_change";
  const roomId = await createBareRoom(handle.db, name);
  const typeOn = async (cache: MemberCache) => (await cache.room(name))?.type;
  expect(await typeOn(there)).toBe(ROOM_TYPES.group);

  // Written behind the caches' backs, so a re-read shows.
  await updateRoomType(handle.db, roomId, ROOM_TYPES.project);
  here.invalidate(roomId);
  expect(await typeOn(there)).toBe(ROOM_TYPES.group);

  here.roomChanged(roomId);
  expect(await typeOn(there)).toBe(ROOM_TYPES.project);

  // A node from before roomChanged announced a type change like any other.
  await updateRoomType(handle.db, roomId, ROOM_TYPES.group);
  bus.publish(ROOM_MEMBERS_TOPIC, { kind: "members-changed", roomId });
  expect(await typeOn(there)).toBe(ROOM_TYPES.group);
  here.close();
  there.close();
});
