/**
 * Message search (issue #18, urn:moa:search:0) over real sockets: Hangul substrings of any length, Latin without
 * case, the access rules (membership, join time, dual-room leave time, deletion, company) and stable paging.
 * Runs on PGlite (server project) and on PostgreSQL (services project).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Element } from "@xmpp/xml";
import { NS_MOA_CHAT, NS_MOA_ROOMS, NS_MOA_SEARCH, NS_RSM } from "@moa/shared";
import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileStorage } from "../../storage/local-file-storage.js";
import { createTestServer, type TestServer } from "../../testing/index.js";
import {
  chatUsers,
  connect,
  createRoom,
  errorOf,
  heard,
  roomOf,
  say,
  stanzaId,
  type ChatUser,
} from "../testing/chat-fixture.js";
import type { RawClient } from "../testing/raw-client.js";

const root = mkdtempSync(join(tmpdir(), "moa-search-"));
let server: TestServer;
let users: ChatUser[];
let outsider: ChatUser;
let a: RawClient;
let b: RawClient;
let c: RawClient;
let x: RawClient;
const A = () => users[0]!;
const B = () => users[1]!;
const C = () => users[2]!;

beforeAll(async () => {
  server = await createTestServer(
    {},
    { workplace: { storage: new LocalFileStorage(root) } },
  );
  users = await chatUsers(server, 3);
  outsider = (await chatUsers(server, 1))[0]!;
  [a, b, c, x] = await Promise.all([
    connect(server, A()),
    connect(server, B()),
    connect(server, C()),
    connect(server, outsider),
  ]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close(), c.close(), x.close()]);
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

type SearchOptions = {
  room?: string;
  sender?: string;
  start?: number;
  end?: number;
  files?: boolean;
  max?: number;
  before?: string;
};

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Sends a search iq and returns the reply (result or error). */
function searchIq(
  client: RawClient,
  q: string,
  o: SearchOptions = {},
): Promise<Element> {
  const attrs = [
    `q="${escapeXml(q)}"`,
    o.room !== undefined ? `room="${o.room}"` : "",
    o.sender !== undefined ? `sender="${o.sender}"` : "",
    o.start !== undefined ? `start="${o.start}"` : "",
    o.end !== undefined ? `end="${o.end}"` : "",
    o.files ? `files="true"` : "",
  ].join(" ");
  const rsm = `<set xmlns="${NS_RSM}">${o.max !== undefined ? `<max>${o.max}</max>` : ""}${o.before !== undefined ? `<before>${o.before}</before>` : ""}</set>`;
  return client.iq(
    "get",
    `<search xmlns="${NS_MOA_SEARCH}" ${attrs}>${rsm}</search>`,
  );
}

/** The snippet as text with matches in [brackets]. */
const marked = (hit: Element): string =>
  (hit.getChild("snippet")?.children ?? [])
    .map((n) => (typeof n === "string" ? n : `[${n.getText()}]`))
    .join("");

/** Searches and returns the hits' snippets, newest first. */
async function search(
  client: RawClient,
  q: string,
  o: SearchOptions = {},
): Promise<{ hits: Element[]; snippets: string[]; last?: string }> {
  const res = await searchIq(client, q, o);
  const result = res.getChild("search", NS_MOA_SEARCH);
  if (!result) throw new Error(`search failed: ${res.toString()}`);
  const hits = result.getChildren("hit");
  const last = result.getChild("set", NS_RSM)?.getChildText("last");
  return { hits, snippets: hits.map(marked), ...(last ? { last } : {}) };
}

describe("matching", () => {
  let room: string;
  beforeAll(async () => {
    room = await createRoom(a, 2, [B()]);
    await heard(b, room, "INVITE");
    await say(a, room, "내일까지 견적서를 보내주세요");
    await say(b, room, "3층회의실에서 만나요");
    await say(a, room, "Budget REVIEW 견적 meeting");
  });

  it("finds Hangul substrings inside words, from one syllable up", async () => {
    expect((await search(b, "견적")).snippets).toEqual([
      "Budget REVIEW [견적] meeting",
      "내일까지 [견적]서를 보내주세요",
    ]);
    expect((await search(b, "회의실")).snippets).toEqual([
      "3층[회의실]에서 만나요",
    ]);
    expect((await search(b, "층")).snippets).toEqual([
      "3[층]회의실에서 만나요",
    ]);
    expect((await search(b, "견적서를 보내주세요")).snippets).toEqual([
      "내일까지 [견적서를 보내주세요]",
    ]);
  });

  it("matches Latin without case and mixed scripts, marking the text as written", async () => {
    expect((await search(a, "review")).snippets).toEqual([
      "Budget [REVIEW] 견적 meeting",
    ]);
    expect((await search(a, "Review 견적")).snippets).toEqual([
      "Budget [REVIEW 견적] meeting",
    ]);
    expect((await search(a, "ee")).snippets).toEqual([
      "Budget REVIEW 견적 m[ee]ting",
    ]);
  });

  it("normalises the query to NFC: decomposed jamo find composed syllables", async () => {
    expect((await search(a, "회의실".normalize("NFD"))).snippets).toEqual([
      "3층[회의실]에서 만나요",
    ]);
  });

  it("finds a dotted capital I by either case, as the index lower-cases it", async () => {
    await say(a, room, "İSTANBUL şubesi toplantısı");
    expect((await search(b, "İstanbul")).snippets).toEqual([
      "[İSTANBUL] şubesi toplantısı",
    ]);
    expect((await search(b, "istanbul")).snippets).toEqual([
      "[İSTANBUL] şubesi toplantısı",
    ]);
  });

  it("describes each hit: room, sender, time and content type", async () => {
    const sent = await say(a, room, "오늘 장표 공유");
    const [hit] = (await search(b, "장표")).hits;
    expect(hit?.attrs).toEqual({
      id: stanzaId(sent),
      room,
      "room-jid": roomOf(b, room),
      "room-type": "2",
      "room-title": A().name,
      sender: A().jid,
      "sender-name": A().name,
      time: sent.getChild("chat", NS_MOA_CHAT)!.attrs.time,
      "content-type": "TALK",
    });
  });

  it("filters by room, sender, time and file messages", async () => {
    const other = await createRoom(a, 2, [B()]);
    await heard(b, other, "INVITE");
    const early = await say(a, other, "필터 하나");
    await say(b, other, "필터 둘");
    await say(b, room, "필터 셋");
    expect((await search(a, "필터", { room: other })).snippets).toEqual([
      "[필터] 둘",
      "[필터] 하나",
    ]);
    expect((await search(a, "필터", { sender: B().jid })).snippets).toEqual([
      "[필터] 셋",
      "[필터] 둘",
    ]);
    const time = Number(early.getChild("chat", NS_MOA_CHAT)!.attrs.time);
    expect(
      (await search(a, "필터", { room: other, end: time })).snippets,
    ).toEqual(["[필터] 하나"]);
    expect(
      (await search(a, "필터", { room: other, start: time + 1 })).snippets,
    ).toEqual(["[필터] 둘"]);

    const fileno = await upload(A(), room, "필터 보고서.txt");
    await say(
      a,
      room,
      "필터 보고서.txt",
      `<extensions xmlns="${NS_MOA_CHAT}">${JSON.stringify({ contentType: "FILE", fileno })}</extensions>`,
    );
    const files = await search(b, "필터", { files: true });
    expect(files.snippets).toEqual(["[필터] 보고서.txt"]);
    expect(files.hits[0]?.attrs["content-type"]).toBe("FILE");
  });
});

describe("access", () => {
  it("a non-member finds nothing and may not name the room", async () => {
    const room = await createRoom(a, 2, [B()]);
    await say(a, room, "비밀프로젝트 일정");
    expect((await search(c, "비밀프로젝트")).hits).toEqual([]);
    expect(errorOf(await searchIq(c, "비밀프로젝트", { room }))).toBe(
      "forbidden/not_member",
    );
    expect(errorOf(await searchIq(c, "비밀", { room: "no-such-room" }))).toBe(
      "forbidden/not_member",
    );
  });

  it("a group invitee finds only what was said after joining", async () => {
    const room = await createRoom(a, 2, [B()]);
    await say(a, room, "합류전 안건");
    await a.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></invite>`,
    );
    await heard(c, room, "INVITE");
    await say(a, room, "합류후 안건");
    expect((await search(c, "안건")).snippets).toEqual(["합류후 [안건]"]);
    expect((await search(c, "안", { room })).snippets).toEqual([
      "합류후 [안]건",
    ]);
    expect((await search(b, "안건")).hits).toHaveLength(2);
  });

  it("after leaving a dual room, its earlier messages are gone for the leaver only", async () => {
    const room = await createRoom(b, 1, [C()]);
    await say(b, room, "이전 계약서 초안");
    await c.iq("set", `<leave-time xmlns="${NS_MOA_ROOMS}" room="${room}"/>`);
    expect((await search(c, "계약서")).hits).toEqual([]);
    expect((await search(c, "계약")).hits).toEqual([]);
    expect((await search(b, "계약서")).hits).toHaveLength(1);
    await say(b, room, "새 계약서 초안");
    await heard(c, room, "새 계약서 초안");
    expect((await search(c, "계약서")).snippets).toEqual(["새 [계약서] 초안"]);
  });

  it("deleted messages never match", async () => {
    const room = await createRoom(a, 2, [B()]);
    const sent = await say(a, room, "지워질 문장입니다");
    const time = sent.getChild("chat", NS_MOA_CHAT)!.attrs.time as string;
    expect((await search(b, "지워질")).hits).toHaveLength(1);
    await a.iq(
      "set",
      `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${time}"/>`,
    );
    expect((await search(b, "지워질")).hits).toEqual([]);
    expect((await search(b, "워")).hits).toEqual([]);
  });

  it("another company's messages are never found, either way", async () => {
    const theirs = await createRoom(x, 4, []);
    await say(x, theirs, "타사 견적서 단가표");
    const ours = await createRoom(a, 4, []);
    await say(a, ours, "우리 단가표");
    expect((await search(a, "단가표")).snippets).toEqual(["우리 [단가표]"]);
    expect((await search(x, "단가표")).snippets).toEqual([
      "타사 견적서 [단가표]",
    ]);
    expect((await search(x, "단가")).hits).toHaveLength(1);
  });
});

describe("paging", () => {
  it("pages newest first by the last hit, stable while new messages arrive", async () => {
    const room = await createRoom(a, 2, [B()]);
    for (let i = 1; i <= 5; i++) await say(a, room, `페이지 ${i}`);
    const first = await search(b, "페이지", { max: 2 });
    expect(first.snippets).toEqual(["[페이지] 5", "[페이지] 4"]);
    await say(a, room, "페이지 6");
    const second = await search(b, "페이지", { max: 2, before: first.last! });
    expect(second.snippets).toEqual(["[페이지] 3", "[페이지] 2"]);
    const third = await search(b, "페이지", { max: 2, before: second.last! });
    expect(third.snippets).toEqual(["[페이지] 1"]);
    const end = await search(b, "페이지", { max: 2, before: third.last! });
    expect(end).toEqual({ hits: [], snippets: [] });
    expect(
      (await search(b, "페이지", { max: 1, before: "" })).snippets,
    ).toEqual(["[페이지] 6"]);
  });

  it("finds old matches behind thousands of newer messages while the text fills rooms the searcher is not in", async () => {
    const room = await createRoom(a, 2, [B()]);
    const elsewhere = await createRoom(a, 2, [C()]);
    const old = await say(a, room, "창고정리 일정 공유");
    // More newer messages than the search reads newest first before it turns to the index (2,000), and the text
    // in every message of a room the searcher is not in.
    const bulk = (roomName: string, body: string, n: number) =>
      sql`insert into chat_messages (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type, search_grams)
        select r.id, m.sender_id, m.sender_jid, ${roomName} || '-bulk-' || g, m.log_time + g, t.body, 'TALK',
          search_grams('TALK', t.body)
        from chat_rooms r, chat_messages m, generate_series(1, ${n}) g, lateral (select ${body} || ' ' || g as body) t
        where r.name = ${roomName} and m.id = ${Number(stanzaId(old))}`.execute(
        server.database.db,
      );
    await bulk(room, "잡담", 2500);
    await bulk(elsewhere, "창고정리 진행", 3000);
    await say(a, room, "창고정리 끝났습니다");
    const first = await search(b, "창고정리", { max: 1 });
    expect(first.snippets).toEqual(["[창고정리] 끝났습니다"]);
    const second = await search(b, "창고정리", { max: 5, before: first.last! });
    expect(second.snippets).toEqual(["[창고정리] 일정 공유"]);
    expect((await search(b, "창고정리")).hits).toHaveLength(2);
    // Text with few matches in the whole archive, behind the same newer messages: found by its reader only.
    expect((await search(b, "일정 공유")).snippets).toEqual([
      "창고정리 [일정 공유]",
    ]);
    expect((await search(c, "일정 공유")).hits).toEqual([]);
    expect((await search(c, "창고정리", { max: 1 })).snippets).toEqual([
      "[창고정리] 진행 3000",
    ]);
  });

  it("text scattered thinly through thousands of messages is found whole and in order, page by page, without near misses", async () => {
    const room = await createRoom(a, 2, [B()]);
    const elsewhere = await createRoom(a, 2, [C()]);
    const old = await say(a, room, "시작");
    // One message in 1,000 of b's room has the text, so the newest 2,000 hold two: the search reads further back
    // than its widened walk (10,000) and takes the rest from the index. Every other message shares the text's first
    // bigram ("물류"), which the index is read with, and the text is in 300 older messages of a room b is not in.
    const bulk = (roomName: string, body: RawBuilder<unknown>, n: number) =>
      sql`insert into chat_messages (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type, search_grams)
        select r.id, m.sender_id, m.sender_jid, ${roomName} || '-bulk-' || g, m.log_time + g, t.body, 'TALK',
          search_grams('TALK', t.body)
        from chat_rooms r, chat_messages m, generate_series(1, ${n}) g, lateral (select ${body} as body) t
        where r.name = ${roomName} and m.id = ${Number(stanzaId(old))}`.execute(
        server.database.db,
      );
    await bulk(elsewhere, sql`'물류센터 진행'`, 300);
    await bulk(
      room,
      sql`case when g % 1000 = 0 then '물류센터 ' || g else '물류팀 ' || g end`,
      14_000,
    );
    const expected = Array.from(
      { length: 14 },
      (_, i) => `[물류센터] ${(14 - i) * 1000}`,
    );
    expect((await search(b, "물류센터")).snippets).toEqual(expected);
    const pages: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await search(b, "물류센터", {
        max: 5,
        ...(before !== undefined ? { before } : {}),
      });
      pages.push(...page.snippets);
      if (page.last === undefined) break;
      before = page.last;
    }
    expect(pages).toEqual(expected);
    // A group invitee reads the same walk from their join on: the earlier matches stay hidden.
    await a.iq(
      "set",
      `<invite xmlns="${NS_MOA_ROOMS}" room="${room}"><member jid="${C().jid}"/></invite>`,
    );
    await heard(c, room, "INVITE");
    await say(a, room, "물류센터 합류후");
    const seen = (await search(c, "물류센터")).snippets;
    expect(seen[0]).toBe("[물류센터] 합류후");
    expect(seen.slice(1)).toEqual(Array(19).fill("[물류센터] 진행"));
  });

  it("behind thousands of newer messages, finds one syllable, long and Latin queries only where they are written", async () => {
    const room = await createRoom(a, 2, [B()]);
    const other = await createRoom(a, 2, [B()]);
    const old = await say(a, room, "뷁 분기실적보고서를 Excel로 보냅니다");
    // Every pair of "적보고실" is in b's rooms, but no message holds them in that order: only the exact test decides.
    await say(a, other, "실적 보고");
    await say(a, room, "보고실적");
    const deleted = await say(a, room, "삭제될 뿗");
    await a.iq(
      "set",
      `<delete-message xmlns="${NS_MOA_ROOMS}" room="${room}" time="${deleted.getChild("chat", NS_MOA_CHAT)!.attrs.time as string}"/>`,
    );
    await sql`insert into chat_messages (room_id, sender_id, sender_jid, origin_id, log_time, body, content_type, search_grams)
      select r.id, m.sender_id, m.sender_jid, 'keys-bulk-' || g, m.log_time + g, '잡담 ' || g, 'TALK',
        search_grams('TALK', '잡담 ' || g)
      from chat_rooms r, chat_messages m, generate_series(1, 2500) g
      where r.name = ${room} and m.id = ${Number(stanzaId(old))}`.execute(
      server.database.db,
    );
    expect((await search(b, "뷁")).snippets).toEqual([
      "[뷁] 분기실적보고서를 Excel로 보냅니다",
    ]);
    expect((await search(b, "분기실적보고서를")).hits).toHaveLength(1);
    expect((await search(b, "eXCEL로")).snippets).toEqual([
      "뷁 분기실적보고서를 [Excel로] 보냅니다",
    ]);
    expect((await search(b, "실적보고")).hits).toHaveLength(1);
    expect((await search(b, "적보고실")).hits).toEqual([]);
    expect((await search(b, "뿗")).hits).toEqual([]);
    expect((await search(c, "뷁")).hits).toEqual([]);
  });

  it("cuts long messages to a window around the first match", async () => {
    const room = await createRoom(a, 4, []);
    const body = `${"가".repeat(200)}목표문구${"나".repeat(200)}`;
    await say(a, room, body);
    const [snippet] = (await search(a, "목표문구")).snippets;
    expect(snippet).toMatch(/^…가+\[목표문구\]나+…$/);
    expect(Array.from(snippet!).length).toBeLessThanOrEqual(124);
  });
});

describe("bad requests", () => {
  it("rejects empty or too long text, bad page sizes and garbled cursors", async () => {
    for (const q of ["", "   ", "각".repeat(101)])
      expect(errorOf(await searchIq(a, q))).toBe("bad-request/invalid_input");
    expect((await search(a, "각".repeat(100))).hits).toEqual([]);
    expect(errorOf(await searchIq(a, "안건", { max: 51 }))).toBe(
      "bad-request/invalid_input",
    );
    expect(errorOf(await searchIq(a, "안건", { max: 0 }))).toBe(
      "bad-request/invalid_input",
    );
    expect(errorOf(await searchIq(a, "안건", { before: "abc" }))).toBe(
      "item-not-found",
    );
    expect(errorOf(await searchIq(a, "안건", { sender: "nobody" }))).toBe(
      "bad-request/invalid_input",
    );
  });

  it("matches spaces and punctuation in the query as written", async () => {
    const room = await createRoom(a, 4, []);
    await say(a, room, "주간 회의 자료 공유");
    await say(a, room, "주간회의자료");
    await say(a, room, "자료.zip 올림");
    expect((await search(a, "의 자")).snippets).toEqual([
      "주간 회[의 자]료 공유",
    ]);
    expect((await search(a, "간회")).snippets).toEqual(["주[간회]의자료"]);
    expect((await search(a, "료.z")).snippets).toEqual(["자[료.z]ip 올림"]);
  });

  it("treats LIKE wildcards in the query as plain characters", async () => {
    const room = await createRoom(a, 4, []);
    await say(a, room, "할인율 100% 적용");
    await say(a, room, "할인율 1000 적용");
    expect((await search(a, "100%")).snippets).toEqual(["할인율 [100%] 적용"]);
    expect((await search(a, "0_")).hits).toEqual([]);
  });
});

/** Uploads a small text file into a room over HTTP, as the web client does; returns its file number. */
async function upload(
  user: ChatUser,
  room: string,
  name: string,
): Promise<number> {
  const form = new FormData();
  form.append("roomname", room);
  form.append(
    "multipartFile",
    new Blob(["quarterly figures"], { type: "text/plain" }),
    name,
  );
  const res = await fetch(
    `${server.url}/fileupload/Common/uploadMsnAndMobile.on21`,
    {
      method: "POST",
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    },
  );
  const body = (await res.json()) as { multipartFile: { fileno: number }[] };
  const fileno = body.multipartFile[0]?.fileno;
  if (fileno === undefined) throw new Error(`upload failed: ${res.status}`);
  return fileno;
}
