/**
 * Message search benchmark (issue #18). Generates an archive of realistic Korean chat (with some Latin words and file
 * names) in one company — by default 1,000,000 messages over 1,000 rooms, the searching user a member of 200 of them
 * (so about 200,000 messages are theirs to search) — then measures search latency through the search service (the
 * query, sender names and snippets, as the iq handler runs it) for 1-, 2-, 3- and 6-syllable queries, each class with a
 * common word, a rarer one and a miss — and, as its own row, a word frequent in the rooms the searcher is not in and
 * absent from theirs (the case a newest-first walk cannot stop early on). Also measures the archive
 * insert throughput through the group-commit writer with the search index on and off.
 * Runs on a file-backed PGlite (in its worker thread, as the server runs it) and on a scratch PostgreSQL database.
 * Run: npx tsx packages/server/bench/search.bench.ts [--messages 1000000] [--rooms 1000] [--my-rooms 200]
 *   [--runs 15] [--db pglite|postgres|both] [--postgres postgres://root@127.0.0.1:5432/test] [--dataset NAME]
 * By default every run generates a fresh archive in a scratch database and deletes it. --dataset NAME keeps the
 * archive (PostgreSQL database moa_search_bench_NAME, PGlite data directory moa-search-bench-NAME in the temp
 * directory) and, when it already exists, reuses it: generation and the insert figures are skipped (pending
 * migrations still run on it) and only the search latencies are measured — to compare query changes quickly. A reused
 * archive also holds the earlier runs' insert-bench messages; the output says "reused".
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { ROOM_TYPES } from "@moa/shared";
import { createMemoryBus } from "../src/bus/memory-bus.js";
import { systemClock } from "../src/clock.js";
import { openDatabase, type Db } from "../src/db/database.js";
import { migrate } from "../src/db/migrate.js";
import { UsersRepository } from "../src/db/repositories/users.repository.js";
import type { Actor } from "../src/services/auth/actor.js";
import { userJid } from "../src/services/auth/identity.js";
import { hashPassword } from "../src/services/auth/password-hasher.js";
import { ArchiveWriter } from "../src/services/chat/archive-writer.js";
import { MemberCache } from "../src/services/chat/member-cache.js";
import { SearchService } from "../src/services/chat/search.service.js";
import { generateOrg } from "../src/services/directory/org-generator.js";
import { createIdentityServices } from "../src/services/services.js";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "1000000" },
    rooms: { type: "string", default: "1000" },
    "my-rooms": { type: "string", default: "200" },
    runs: { type: "string", default: "15" },
    inserts: { type: "string", default: "20000" },
    db: { type: "string", default: "both" },
    /** Keep the scratch PostgreSQL database (to EXPLAIN queries by hand); its name is printed. */
    keep: { type: "boolean", default: false },
    /** Keep the generated archive under this name and reuse it on later runs (see the header). */
    dataset: { type: "string" },
    postgres: {
      type: "string",
      default: "postgres://root@127.0.0.1:5432/test",
    },
  },
});
const MESSAGES = Number(values.messages);
const ROOMS = Number(values.rooms);
const MY_ROOMS = Math.min(Number(values["my-rooms"]), ROOMS);
const RUNS = Number(values.runs);
const INSERTS = Number(values.inserts);
const USERS = 200;
const CHUNK = 100_000;
const DOMAIN = "bench-search.moa.test";

/** Business chat vocabulary: nouns with and without particles, set phrases, a few Latin words. */
const NOUNS = [
  "견적서",
  "회의실",
  "보고서",
  "계약서",
  "일정",
  "프로젝트",
  "결재",
  "출장",
  "휴가",
  "예산",
  "매출",
  "고객",
  "거래처",
  "자료",
  "발표",
  "검토",
  "디자인",
  "시안",
  "개발",
  "서버",
  "배포",
  "테스트",
  "품질",
  "납품",
  "주문",
  "견적",
  "회의",
  "세미나",
  "교육",
  "점심",
  "저녁",
  "회식",
  "사무실",
  "주차장",
  "택배",
  "메일",
  "문서",
  "파일",
  "인사팀",
  "영업팀",
  "개발팀",
  "총무팀",
  "팀장님",
  "부장님",
  "대리님",
  "과장님",
  "신제품",
  "분기실적보고서",
  "시장조사",
  "마케팅",
  "홍보",
  "협력사",
  "공급망",
  "재고",
  "물류",
  "회계",
  "세금계산서",
  "입금",
  "송금",
];
const PARTICLES = [
  "",
  "",
  "를",
  "을",
  "은",
  "는",
  "이",
  "가",
  "에서",
  "으로",
  "도",
  "까지",
  "에",
  "의",
];
const PHRASES = [
  "확인 부탁드립니다",
  "보내드렸습니다",
  "알겠습니다",
  "감사합니다",
  "네",
  "좋습니다",
  "검토하겠습니다",
  "진행하겠습니다",
  "공유드립니다",
  "내일",
  "오늘",
  "오전",
  "오후",
  "지금",
  "잠시",
  "다시",
  "먼저",
  "이번 주",
  "다음 주",
  "3층",
  "10시",
  "수정했습니다",
  "확인했습니다",
  "늦어서 죄송합니다",
  "가능할까요?",
  "어떠세요?",
  "meeting",
  "OK",
  "deadline",
  "PDF",
  "Excel",
  "API",
  "review",
  "Q3",
  "v2.1",
  "Slack",
];
const WORDS = [
  ...NOUNS.flatMap((n) => PARTICLES.map((p) => n + p)),
  ...PHRASES,
  ...PHRASES,
];

/**
 * The slow case of a newest-first walk: a word in a fifth of the messages of the rooms the searcher is not in (16 % of
 * the archive with the default sizes) and in none of theirs, so nothing stops the walk early.
 */
const ELSEWHERE = "출고지시서를";
const ELSEWHERE_QUERY = "출고지시서";

/** Per class: a common word, a rarer one, a miss. */
const QUERIES: Record<string, string[]> = {
  "1": ["견", "층", "뷁"],
  "2": ["견적", "교육", "풍선"],
  "3": ["회의실", "세금계", "코끼리"],
  "6": ["부탁드립니다", "분기실적보고", "남극탐험계획"],
};

const emit = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify(line)}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
const ms = (n: number) => Math.round(n * 10) / 10;

type Target =
  { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

type Seeded = { actor: Actor; senders: { id: number; jid: string }[] };

/** The searcher and senders of an archive generated earlier (--dataset), or undefined when there is none. */
async function seeded(db: Db): Promise<Seeded | undefined> {
  const identity = await createIdentityServices(db, systemClock);
  const company = await identity.directory.findCompany(DOMAIN);
  if (!company) return undefined;
  // The index is built last: without it the generation did not finish.
  const { rows } = await sql`
    select 1 from pg_indexes where indexname = 'chat_messages_search_idx'`.execute(
    db,
  );
  if (rows.length === 0)
    throw new Error(`dataset ${values.dataset} is incomplete: delete it`);
  return actorOf(db, company);
}

/** The searcher (the company's first user, a member of the first MY_ROOMS rooms) and every user as a sender. */
async function actorOf(
  db: Db,
  company: Parameters<typeof userJid>[1] & { id: number },
): Promise<Seeded> {
  const users = await new UsersRepository(db).listActiveByCompany(company.id);
  const me = users[0];
  if (!me) throw new Error("no users");
  const actor: Actor = {
    userId: me.id,
    companyId: company.id,
    loginId: me.loginId,
    domain: DOMAIN,
    jid: userJid(me, company),
    sessionId: "bench",
    freeUser: false,
  };
  return {
    actor,
    senders: users.map((u) => ({ id: u.id, jid: userJid(u, company) })),
  };
}

/** Company, users, rooms and the searcher's memberships. */
async function seed(db: Db): Promise<Seeded> {
  const identity = await createIdentityServices(db, systemClock);
  const company = await identity.directory.createCompany({
    domain: DOMAIN,
    name: "검색벤치",
  });
  await identity.directory.importOrg(
    company,
    generateOrg({
      users: USERS,
      departments: 10,
      passwordHash: await hashPassword("bench1234!"),
    }),
  );
  const users = await new UsersRepository(db).listActiveByCompany(company.id);
  const me = users[0];
  if (!me) throw new Error("no users");
  await sql`
    insert into chat_rooms (company_id, name, type, title, created_by, created_at)
    select ${company.id}, 'pc_search_' || g, ${ROOM_TYPES.group}, '검색방 ' || g, ${me.id}, 0
    from generate_series(1, ${ROOMS}) g`.execute(db);
  await sql`
    insert into chat_members (room_id, user_id, joined_at)
    select id, ${me.id}, 0 from chat_rooms where name like 'pc_search_%' order by id limit ${MY_ROOMS}`.execute(
    db,
  );
  return actorOf(db, company);
}

/** Bulk archive: sentences of 3–12 random words, every 50th message a file, spread over all rooms. */
async function generate(
  db: Db,
  senders: { id: number; jid: string }[],
): Promise<void> {
  const roomIds = (
    await sql<{
      id: number;
    }>`select id from chat_rooms where name like 'pc_search_%' order by id`.execute(
      db,
    )
  ).rows.map((r) => r.id);
  const base = Date.now() - MESSAGES * 1000;
  for (let from = 1; from <= MESSAGES; from += CHUNK) {
    const to = Math.min(MESSAGES, from + CHUNK - 1);
    await sql`
      insert into chat_messages (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type, search_grams)
      select (${roomIds}::bigint[])[1 + g % ${roomIds.length}],
        (${senders.map((s) => s.id)}::bigint[])[1 + abs(hashint4(g)) % ${senders.length}],
        (${senders.map((s) => s.jid)}::text[])[1 + abs(hashint4(g)) % ${senders.length}],
        'bench-' || g, ${base} + g::bigint * 1000, m.body, m.content_type, search_grams(m.content_type, m.body)
      from generate_series(${from}::int, ${to}::int) g
      cross join (select ${WORDS}::text[] as words, ${WORDS.length}::int as n) w
      cross join lateral (select
        case when g % 50 = 0
          then w.words[1 + abs(hashint4(g * 7)) % w.n] || '_' || (g % 97) || '.pdf'
          else (select string_agg(w.words[1 + abs(hashint4(g * 16 + k)) % w.n], ' ')
                from generate_series(1, 3 + g % 10) k)
            || case when g % ${roomIds.length} >= ${MY_ROOMS} and g % 5 = 0 then ' ' || ${ELSEWHERE} else '' end
        end as body,
        case when g % 50 = 0 then 'FILE' else 'TALK' end as content_type) m`.execute(
      db,
    );
  }
}

/** Messages per second through the group-commit writer, as many in flight as a busy server has. */
async function insertRate(
  db: Db,
  actor: Actor,
  label: string,
): Promise<number> {
  const roomIds = (
    await sql<{
      id: number;
    }>`select id from chat_rooms where name like 'pc_search_%' order by id limit 100`.execute(
      db,
    )
  ).rows.map((r) => r.id);
  const writer = new ArchiveWriter(db, () => Date.now());
  const inFlight = 500;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < INSERTS) {
        const i = next++;
        await writer.store(
          {
            roomId: roomIds[i % roomIds.length] ?? 0,
            senderId: actor.userId,
            senderJid: actor.jid,
            originId: `${label}-${i}`,
            body: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]} 확인 부탁드립니다`,
            contentType: "TALK",
            extension: null,
            replyTitle: null,
            replyText: null,
            replyTime: null,
          },
          false,
          // Nobody listens in the bench: nothing to announce.
          () =>
            Promise.resolve({
              result: undefined,
              publish: () => Promise.resolve(),
            }),
        );
      }
    }),
  );
  return INSERTS / ((performance.now() - started) / 1000);
}

/** Generates the archive and measures the insert rate with the search index off and on. */
async function build(db: Db, engine: string): Promise<Actor> {
  const { actor, senders } = await seed(db);
  // The archive is generated without the search index (as if it predated it), which also gives the index-off
  // insert figure; the index is then built and the same inserts run with it.
  await sql`drop index chat_messages_search_idx`.execute(db);
  let t = performance.now();
  await generate(db, senders);
  emit({
    engine,
    metric: "generate_messages",
    messages: MESSAGES,
    seconds: ms((performance.now() - t) / 1000),
  });
  emit({
    engine,
    metric: "insert_msgs_per_s",
    index: "off",
    value: Math.round(await insertRate(db, actor, "off")),
  });
  t = performance.now();
  const { rows } = await sql<{ nspname: string }>`
    select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    db,
  );
  await sql
    .raw(
      `create index chat_messages_search_idx on chat_messages using gin (search_grams "${rows[0]?.nspname ?? "public"}".gin_trgm_ops)`,
    )
    .execute(db);
  emit({
    engine,
    metric: "build_search_index",
    seconds: ms((performance.now() - t) / 1000),
  });
  emit({
    engine,
    metric: "insert_msgs_per_s",
    index: "on",
    value: Math.round(await insertRate(db, actor, "on")),
  });
  await sql`analyze`.execute(db);
  return actor;
}

async function runSuite(target: Target): Promise<void> {
  const database = await openDatabase(
    target.kind === "pglite"
      ? { kind: "pglite", dataDir: target.dataDir }
      : { kind: "postgres", url: target.url },
  );
  const engine = target.kind;
  try {
    const db = database.db;
    await migrate(db);
    const reused = await seeded(db);
    if (reused)
      emit({ engine, metric: "dataset", name: values.dataset, reused: true });
    const actor = reused?.actor ?? (await build(db, engine));
    const visible = await sql<{ n: number }>`
      select count(*)::int as n from chat_messages m join chat_members cm on cm.room_id = m.room_id
      where cm.user_id = ${actor.userId}`.execute(db);
    emit({
      engine,
      metric: "searchable_messages_of_user",
      rooms: MY_ROOMS,
      value: visible.rows[0]?.n,
    });

    const members = new MemberCache(db, createMemoryBus());
    const search = new SearchService({ db, members });
    /** Timed runs of one query (the first run warms caches and plans and is not counted), sorted. */
    const timeQuery = async (
      q: string,
    ): Promise<{ times: number[]; hits: number }> => {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < RUNS + 1; i++) {
        const started = performance.now();
        const result = await search.search(actor, { q });
        if (i > 0) times.push(performance.now() - started);
        hits = result.hits.length;
      }
      return { times: times.sort((a, b) => a - b), hits };
    };
    try {
      for (const [syllables, queries] of Object.entries(QUERIES)) {
        const all: number[] = [];
        for (const q of queries) {
          const { times, hits } = await timeQuery(q);
          all.push(...times);
          emit({
            engine,
            metric: "search_query",
            syllables: Number(syllables),
            q,
            hits,
            p50_ms: ms(percentile(times, 0.5)),
            max_ms: ms(times.at(-1) ?? 0),
          });
        }
        all.sort((a, b) => a - b);
        emit({
          engine,
          metric: "search_latency",
          syllables: Number(syllables),
          samples: all.length,
          p50_ms: ms(percentile(all, 0.5)),
          p99_ms: ms(percentile(all, 0.99)),
        });
      }
      const elsewhere = await sql<{ n: number }>`
        select count(*)::int as n from chat_messages where body like ${`%${ELSEWHERE_QUERY}%`}`.execute(
        db,
      );
      const { times, hits } = await timeQuery(ELSEWHERE_QUERY);
      emit({
        engine,
        metric: "search_latency",
        case: "frequent_elsewhere",
        q: ELSEWHERE_QUERY,
        messages_with_term: elsewhere.rows[0]?.n,
        hits,
        samples: times.length,
        p50_ms: ms(percentile(times, 0.5)),
        p99_ms: ms(percentile(times, 0.99)),
      });
    } finally {
      members.close();
    }
  } finally {
    await database.close();
  }
}

async function withPostgres(
  suite: (url: string) => Promise<void>,
): Promise<void> {
  const name =
    values.dataset !== undefined
      ? `moa_search_bench_${values.dataset}`
      : `moa_search_bench_${Date.now()}`;
  const admin = await openDatabase({
    kind: "postgres",
    url: values.postgres,
    poolSize: 1,
  });
  try {
    const { rows } = await sql`
      select 1 from pg_database where datname = ${name}`.execute(admin.db);
    if (rows.length === 0)
      await sql`create database ${sql.id(name)}`.execute(admin.db);
  } catch (err) {
    emit({ metric: "postgres_skipped", reason: String(err) });
    await admin.close();
    return;
  }
  try {
    const url = new URL(values.postgres);
    url.pathname = `/${name}`;
    await suite(url.toString());
  } finally {
    if (values.keep || values.dataset !== undefined)
      emit({ metric: "postgres_database_kept", name });
    else
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(
        admin.db,
      );
    await admin.close();
  }
}

if (values.db === "pglite" || values.db === "both") {
  if (values.dataset !== undefined) {
    const dataDir = join(tmpdir(), `moa-search-bench-${values.dataset}`);
    if (!existsSync(dataDir)) mkdirSync(dataDir);
    emit({ metric: "pglite_data_dir_kept", dataDir });
    await runSuite({ kind: "pglite", dataDir });
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), "moa-search-bench-"));
    try {
      await runSuite({ kind: "pglite", dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
if (values.db === "postgres" || values.db === "both")
  await withPostgres((url) => runSuite({ kind: "postgres", url }));
