/**
 * The search index trailing the archive (migration 009), on PGlite and (services project) PostgreSQL, with no
 * server: nothing indexes here unless the test does, so both of search's paths are taken on purpose.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOM_TYPES } from "@moa/shared";
import { sql } from "kysely";
import {
  createCompany,
  createTestDatabase,
  createUser,
} from "../../../testing/index.js";
import type { DatabaseHandle } from "../../database.js";
import {
  dropDeletedFromIndex,
  indexNextMessages,
  indexedTo,
} from "./chat-search-index.repository.js";
import { markMessageDeleted } from "./chat-messages.repository.js";
import { searchMessages } from "./chat-search.repository.js";
import { insertRoom } from "./chat-rooms.repository.js";

let handle: DatabaseHandle;
let companyId: number;
let reader: number;
let mine: number;
let theirs: number;

/** Adds n messages to a room straight into the archive; the body is SQL over g = 1..n. */
async function bulk(roomId: number, body: string, n: number): Promise<void> {
  await sql`insert into chat_messages (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type)
    select ${roomId}, null, 'bulk@index.test', 'bulk-' || ${roomId} || '-' || g || '-' || random(), g, ${sql.raw(body)}, 'TALK'
    from generate_series(1, ${n}) g`.execute(handle.db);
}

/** Runs the indexer's statements until it has read everything, as the server's indexer does in the background. */
async function indexAll(): Promise<void> {
  for (;;) {
    const { read, from, to } = await indexNextMessages(handle.db, 32);
    if (read > 0) await dropDeletedFromIndex(handle.db, from, to);
    if (read === 0) return;
  }
}

const find = async (text: string, userId = reader) =>
  (
    await searchMessages(handle.db, {
      userId,
      companyId,
      text,
      filesOnly: false,
      limit: 20,
    })
  ).map((r) => r.body);

const indexedBodies = async () =>
  (
    await sql<{ body: string }>`
      select m.body from chat_search s join chat_messages m on m.id = s.id order by s.id`.execute(
      handle.db,
    )
  ).rows.map((r) => r.body);

beforeAll(async () => {
  handle = await createTestDatabase();
  const company = await createCompany(handle.db);
  companyId = company.id;
  reader = (await createUser(handle.db, company)).id;
  const other = (await createUser(handle.db, company)).id;
  const room = async (name: string, userId: number) =>
    (
      await insertRoom(
        handle.db,
        {
          companyId,
          name,
          type: ROOM_TYPES.group,
          title: "",
          createdBy: null,
          createdAt: 1,
        },
        [{ userId, affiliation: "owner", joinedAt: 1, historyFromId: 0 }],
      )
    ).id;
  mine = await room("index_mine", reader);
  theirs = await room("index_theirs", other);
});
afterAll(async () => {
  await handle.close();
});

it("finds old messages behind thousands of newer ones before and after the indexer reaches them", async () => {
  await bulk(mine, `'창고 정리 일정 ' || g`, 3);
  await bulk(theirs, `'창고 정리 진행'`, 400);
  await bulk(mine, `'잡담 ' || g`, 2500);
  // Behind the 2,000 newest messages the search reads first, and not indexed: read from the archive.
  expect(await indexedBodies()).toEqual([]);
  const expected = ["창고 정리 일정 3", "창고 정리 일정 2", "창고 정리 일정 1"];
  expect(await find("정리 일정")).toEqual(expected);
  expect(await find("창고 정리")).toEqual(expected);
  await indexAll();
  // Every text message is in the index once and the mark is the newest id; the same pages come from it.
  const { rows } = await sql<{ n: number; max: number }>`
    select count(*)::int as n, max(id) as max from chat_messages`.execute(
    handle.db,
  );
  expect((await indexedBodies()).length).toBe(rows[0]!.n);
  expect(await indexedTo(handle.db)).toBe(rows[0]!.max);
  expect(await find("정리 일정")).toEqual(expected);
  expect(await find("창고 정리")).toEqual(expected);
  expect(await find("창고 정리", (await otherReader()) ?? 0)).toHaveLength(20);
});

/** The member of the room the reader is not in. */
async function otherReader(): Promise<number | undefined> {
  const row = await handle.db
    .selectFrom("chat_members")
    .select("user_id")
    .where("room_id", "=", theirs)
    .executeTakeFirst();
  return row?.user_id;
}

it("a deleted message's text leaves the index, whenever the deletion comes", async () => {
  await bulk(mine, `'폐기 예정 ' || g`, 3);
  const ids = (
    await sql<{ id: number }>`
      select id from chat_messages where body like '폐기 예정 %' order by id`.execute(
      handle.db,
    )
  ).rows.map((r) => r.id);
  const [before = 0, after = 0, racing = 0] = ids;
  // Deleted before the indexer reads it: never added.
  await markMessageDeleted(handle.db, before, 1);
  await indexAll();
  expect((await indexedBodies()).filter((b) => b.startsWith("폐기"))).toEqual([
    "폐기 예정 2",
    "폐기 예정 3",
  ]);
  // Deleted after: removed with the tombstone.
  await markMessageDeleted(handle.db, after, 2);
  // Deleted while a copy was in flight (the copy added the text after the deletion looked for it): the copy's
  // check afterwards removes it.
  await sql`update chat_messages set deleted_at = 3, body = '' where id = ${racing}`.execute(
    handle.db,
  );
  expect(await find("폐기")).toEqual([]);
  await dropDeletedFromIndex(handle.db, racing, racing);
  const left = await sql<{ n: number }>`
    select count(*)::int as n from chat_search where id = any(${ids}::bigint[])`.execute(
    handle.db,
  );
  expect(left.rows[0]!.n).toBe(0);
});

it("indexers running at once add each message once and the mark only rises", async () => {
  await bulk(mine, `'동시 색인 ' || g`, 300);
  await Promise.all([indexAll(), indexAll(), indexAll()]);
  const { rows } = await sql<{ n: number; distinct: number; max: number }>`
    select count(*)::int as n, count(distinct s.id)::int as distinct, max(m.id) as max
    from chat_messages m join chat_search s on s.id = m.id where m.body like '동시 색인 %'`.execute(
    handle.db,
  );
  expect(rows[0]).toMatchObject({ n: 300, distinct: 300 });
  expect(await indexedTo(handle.db)).toBe(rows[0]!.max);
  expect(await find("동시 색인 300")).toEqual(["동시 색인 300"]);
});
