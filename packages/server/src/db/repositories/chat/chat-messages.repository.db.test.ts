/**
 * The archive's insert on PGlite and (services project) PostgreSQL: log times raised by the insert itself (nodes
 * sharing the database), and what deleting rooms and users does to messages stored without foreign keys.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createBareRoom,
  createCompany,
  createTestDatabase,
  createUser,
  timedTalkRecord,
} from "../../../testing/index.js";
import type { DatabaseHandle } from "../../database.js";
import {
  insertMessageBatch,
  insertMessageBatchLocked,
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

const message = (roomId: number, originId: string, logTime: number) =>
  timedTalkRecord(roomId, originId, "a@raise.test", logTime);

it("raises a batch's times above each room's latest stored time, keeping them one apart per room", async () => {
  const [a = 0, b = 0] = rooms;
  // Room a already has a message far ahead of the clock (another node's); room b's latest is behind it.
  await insertMessageBatch(
    handle.db,
    [message(a, "a0", 5_000), message(b, "b0", 100)],
    [],
  );
  // Counted from 1,000 without knowing the stored times: a gets 1,000 and 1,001, b gets 1,000.
  const stored = await insertMessageBatchLocked(
    handle.db,
    [message(a, "a1", 1_000), message(b, "b1", 1_000), message(a, "a2", 1_001)],
    [],
    1_000,
    (records) => Promise.resolve(records),
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
  const again = await insertMessageBatchLocked(
    handle.db,
    [message(a, "a1", 2_000)],
    [],
    2_000,
    (records) => Promise.resolve(records),
  );
  expect(again.map((s) => [s.fresh, s.record.logTime])).toEqual([
    [false, 5_001],
  ]);
});

it("deleting rooms, directly or with their company, deletes their messages; deleting a user keeps theirs without a sender", async () => {
  const db = handle.db;
  const [kept, deleted, ofCompany] = [
    await createBareRoom(db, "delete_kept"),
    await createBareRoom(db, "delete_room"),
    await createBareRoom(db, "delete_company"),
  ];
  const sender = await createUser(db, await createCompany(db));
  await insertMessageBatch(
    db,
    [kept, deleted, ofCompany].flatMap((roomId, r) =>
      [1, 2].map((k) => ({
        ...message(roomId, `del-${r}-${k}`, 1_000 + k),
        senderId: sender.id,
      })),
    ),
    [],
  );
  const messagesOf = (roomIds: number[]) =>
    db
      .selectFrom("chat_messages")
      .select(["origin_id", "sender_id"])
      .where("room_id", "in", roomIds)
      .orderBy("id")
      .execute();

  await db.deleteFrom("chat_rooms").where("id", "=", deleted).execute();
  const company = await db
    .selectFrom("chat_rooms")
    .select("company_id")
    .where("id", "=", ofCompany)
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom("companies")
    .where("id", "=", company.company_id)
    .execute();
  expect(await messagesOf([deleted, ofCompany])).toEqual([]);

  await db.deleteFrom("users").where("id", "=", sender.id).execute();
  expect(await messagesOf([kept])).toEqual([
    { origin_id: "del-0-1", sender_id: null },
    { origin_id: "del-0-2", sender_id: null },
  ]);
});
