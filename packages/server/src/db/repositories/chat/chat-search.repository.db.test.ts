/**
 * The search index's bigram text is written by the server (migration 010): it must be what the database's own
 * search_grams() gives for rows loaded in bulk, and what the query patterns expect. On PGlite and (services project)
 * PostgreSQL.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createBareRoom,
  createTestDatabase,
  talkRecord,
} from "../../../testing/index.js";
import type { DatabaseHandle } from "../../database.js";
import { migrate } from "../../migrate.js";
import { migrations } from "../../migrations/index.js";
import {
  insertMessageBatch,
  markMessageDeleted,
} from "./chat-messages.repository.js";
import { gramPattern, searchGrams } from "./chat-search.repository.js";

let handle: DatabaseHandle;
let room: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  room = await createBareRoom(handle.db, "grams");
});
afterAll(async () => {
  await handle.close();
});

// Hangul typed (NFC) and decomposed (NFD), Latin, Greek with a final sigma, the dotted capital I, German sharp s,
// a titlecase digraph, CJK, emoji beyond the BMP, LIKE's wildcards, control characters, one character and none.
const TEXTS = [
  "회의실",
  "견적서를 보내 주세요.",
  "\u1112\u1161\u11ab글 메시지",
  "Hello WORLD 42",
  "ΟΔΟΣ Σοφίας",
  "İstanbul IŞIK",
  "Straße ẞ",
  "ǄUNGLA ǅ",
  "日本語のテキスト",
  "😀 좋아요 👍🏽",
  "100% _under\\score",
  "첫 줄\n둘째 줄\t끝",
  "가",
  "",
  "x".repeat(300),
];
// The second is a file message's name, the rest talk.
const TYPES = TEXTS.map((_, i) => (i === 1 ? "FILE" : "TALK"));

it("writes the same bigram text as the database's search_grams()", async () => {
  const { rows } = await sql<{ grams: string | null }>`
    select search_grams(t.type, t.body) as grams
    from unnest(${TEXTS}::text[], ${TYPES}::text[]) as t(body, type)`.execute(
    handle.db,
  );
  expect(TEXTS.map((t, i) => searchGrams(TYPES[i]!, t))).toEqual(
    rows.map((r) => r.grams),
  );
  expect(searchGrams("TALK", "회의실")).toBe(" 회의 의실 실 ");
});

it("stores the text of talk and file messages, none for room events, and clears it when a message is deleted", async () => {
  const records = [
    { ...talkRecord(room, "t1", "a@grams.test"), body: "Moa 회의록" },
    {
      ...talkRecord(room, "f1", "a@grams.test"),
      body: "견적서.PDF",
      contentType: "FILE",
    },
    {
      ...talkRecord(room, "e1", "a@grams.test"),
      body: "",
      contentType: "EXIT",
    },
  ].map((m, i) => ({ ...m, logTime: 1_000 + i }));
  const stored = await insertMessageBatch(handle.db, records, []);
  const grams = async () =>
    (
      await handle.db
        .selectFrom("chat_messages")
        .select(["origin_id", "search_grams"])
        .where("room_id", "=", room)
        .orderBy("id")
        .execute()
    ).map((r) => [r.origin_id, r.search_grams]);
  expect(await grams()).toEqual([
    ["t1", " mo oa a   회 회의 의록 록 "],
    ["f1", " 견적 적서 서. .p pd df f "],
    ["e1", null],
  ]);
  await markMessageDeleted(handle.db, stored[0]!.record.id, 2_000);
  expect((await grams())[0]).toEqual(["t1", null]);
});

it("keeps the search text of messages stored before the server wrote it, and writes it for new ones", async () => {
  // A database as the release before migration 010 left it, where the database computed the text.
  const before = migrations.findIndex(
    (m) => m.version === "010-search-grams-by-server",
  );
  const old = await createTestDatabase(migrations.slice(0, before));
  try {
    const oldRoom = await createBareRoom(old.db, "grams_upgrade");
    await sql`insert into chat_messages (room_id, sender_jid, origin_id, log_time, body, deleted_at)
      values (${oldRoom}, 'a@grams.test', 'old1', 1000, '지난주 회의록', null),
             (${oldRoom}, 'a@grams.test', 'old2', 1001, '', 2000)`.execute(
      old.db,
    );
    expect(await migrate(old.db)).toEqual(
      migrations.slice(before).map((m) => m.version),
    );
    await insertMessageBatch(
      old.db,
      [
        {
          ...talkRecord(oldRoom, "new1", "a@grams.test"),
          body: "이번주 회의록",
          logTime: 1_002,
        },
      ],
      [],
    );
    const grams = await old.db
      .selectFrom("chat_messages")
      .select(["origin_id", "search_grams"])
      .where("room_id", "=", oldRoom)
      .orderBy("id")
      .execute();
    expect(grams.map((r) => [r.origin_id, r.search_grams])).toEqual([
      ["old1", searchGrams("TALK", "지난주 회의록")],
      ["old2", null],
      ["new1", searchGrams("TALK", "이번주 회의록")],
    ]);
    const found = await sql<{ originId: string }>`
      select origin_id as "originId" from chat_messages
      where room_id = ${oldRoom} and search_grams like ${gramPattern("회의록")} order by id`.execute(
      old.db,
    );
    expect(found.rows.map((r) => r.originId)).toEqual(["old1", "new1"]);
  } finally {
    await old.close();
  }
});
