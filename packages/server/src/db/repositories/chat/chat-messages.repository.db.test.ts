/** Log times raised by the insert itself (nodes sharing the database), on PGlite and (services project) PostgreSQL. */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createBareRoom,
  createTestDatabase,
  talkRecord,
} from "../../../testing/index.js";
import type { DatabaseHandle } from "../../database.js";
import {
  insertMessageBatch,
  type NewMessageRecord,
} from "./chat-messages.repository.js";

let handle: DatabaseHandle;
let rooms: number[];

beforeAll(async () => {
  handle = await createTestDatabase();
  rooms = [
    await createBareRoom(handle.db, "raise_a"),
    await createBareRoom(handle.db, "raise_b"),
  ];
});
afterAll(async () => {
  await handle.close();
});

const message = (
  roomId: number,
  originId: string,
  logTime: number,
): NewMessageRecord => ({
  ...talkRecord(roomId, originId, "a@raise.test"),
  logTime,
});

it("raises a batch's times above each room's latest stored time, keeping them one apart per room", async () => {
  const [a = 0, b = 0] = rooms;
  // Room a already has a message far ahead of the clock (another node's); room b's latest is behind it.
  await insertMessageBatch(
    handle.db,
    [message(a, "a0", 5_000), message(b, "b0", 100)],
    [],
  );
  // Counted from 1,000 without knowing the stored times: a gets 1,000 and 1,001, b gets 1,000.
  const stored = await insertMessageBatch(
    handle.db,
    [message(a, "a1", 1_000), message(b, "b1", 1_000), message(a, "a2", 1_001)],
    [],
    1_000,
  );
  expect(stored.map((s) => [s.record.originId, s.record.logTime])).toEqual([
    ["a1", 5_001],
    ["b1", 1_000],
    ["a2", 5_002],
  ]);
  // Stanza ids follow the batch's order, as its times do within a room.
  const ids = stored.map((s) => s.record.id);
  expect(ids).toEqual([...ids].sort((x, y) => x - y));
  // A repeat of a stored origin id keeps its time.
  const again = await insertMessageBatch(
    handle.db,
    [message(a, "a1", 2_000)],
    [],
    2_000,
  );
  expect(again.map((s) => [s.fresh, s.record.logTime])).toEqual([
    [false, 5_001],
  ]);
});
