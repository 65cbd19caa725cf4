/**
 * The group-commit writer on one node (PGlite; PostgreSQL in the services project): the next batch commits while the
 * last one is still being announced, and announcements still go out in commit order.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createBareRoom,
  createTestDatabase,
  talkRecord,
  until,
} from "../../testing/index.js";
import type { DatabaseHandle } from "../../db/database.js";
import { ArchiveWriter, type Announce } from "./archive-writer.js";

let handle: DatabaseHandle;
let roomId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  roomId = await createBareRoom(handle.db, "writer_order");
});
afterAll(async () => {
  await handle.close();
});

const message = (originId: string) =>
  talkRecord(roomId, originId, "a@writer.test");

const stored = async (originId: string) =>
  (await handle.db
    .selectFrom("chat_messages")
    .select("id")
    .where("origin_id", "=", originId)
    .executeTakeFirst()) !== undefined;

it("commits the next batch while the last is announced, and announces them in commit order", async () => {
  const writer = new ArchiveWriter(handle.db, Date.now);
  const published: string[] = [];
  let open = (): void => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const announce =
    (name: string, wait?: Promise<void>): Announce<string> =>
    async () => {
      // Preparing the first batch's announcement takes long (a slow read of the members, say).
      await wait;
      return {
        result: name,
        publish: () => {
          published.push(name);
          return Promise.resolve();
        },
      };
    };
  const first = writer.store(message("first"), false, announce("first", gate));
  await until(() => stored("first"), "the first batch's commit");
  const second = writer.store(message("second"), false, announce("second"));
  // Committed while the first batch is still being announced, and not announced before it.
  await until(() => stored("second"), "the second batch's commit");
  expect(published).toEqual([]);
  open();
  const results = await Promise.all([first, second]);
  expect(published).toEqual(["first", "second"]);
  expect(results.map((r) => r.result)).toEqual(["first", "second"]);
  expect(results[0].stored.record.logTime).toBeLessThan(
    results[1].stored.record.logTime,
  );
});
