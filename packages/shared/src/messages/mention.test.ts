import { describe, expect, it } from "vitest";
import { ROOM_TYPES } from "../rooms/room-type.js";
import {
  buildTalkExtension,
  canMention,
  filterMentionCandidates,
  findMentionQuery,
  findMentionTokens,
  insertMention,
  mentionedMembers,
  parseMentions,
  removeMention,
} from "./mention.js";

const kim = { jid: "kim.demo@moa.test", name: "김민수" };
const lee = { jid: "lee.demo@moa.test", name: "이민호" };
const park = { jid: "park.demo@moa.test", name: "Park Jisoo" };
const kim2 = { jid: "kim2.demo@moa.test", name: "김민수" };

describe("canMention", () => {
  it("allows mentions in dual, group, project and legacy rooms", () => {
    for (const type of [
      ROOM_TYPES.legacy,
      ROOM_TYPES.dual,
      ROOM_TYPES.group,
      ROOM_TYPES.project,
    ])
      expect(canMention(type)).toBe(true);
  });

  it("refuses them in the self room and news rooms", () => {
    expect(canMention(ROOM_TYPES.self)).toBe(false);
    expect(canMention(ROOM_TYPES.news)).toBe(false);
  });
});

describe("findMentionQuery", () => {
  it("finds an @ typed at the start or after a blank, with what follows it", () => {
    expect(findMentionQuery("@", 1)).toEqual({ start: 0, query: "" });
    expect(findMentionQuery("안녕 @김", 5)).toEqual({ start: 3, query: "김" });
    expect(findMentionQuery("(@lee", 5)).toEqual({ start: 1, query: "lee" });
  });

  it("only looks before the caret", () => {
    expect(findMentionQuery("@김민수 님", 2)).toEqual({
      start: 0,
      query: "김",
    });
  });

  it("ignores an @ inside a word, such as an e-mail address", () => {
    expect(findMentionQuery("kim@corp", 8)).toBeNull();
    expect(findMentionQuery("메일@", 3)).toBeNull();
  });

  it("ends the mention at a blank", () => {
    expect(findMentionQuery("@김 ", 3)).toBeNull();
    expect(findMentionQuery("@김\n", 3)).toBeNull();
    expect(findMentionQuery("no mention", 10)).toBeNull();
  });

  it("sees an emoji before the @ as no word", () => {
    expect(findMentionQuery("😀@", 3)).toEqual({ start: 2, query: "" });
  });
});

describe("filterMentionCandidates", () => {
  const members = [kim, lee, park];

  it("keeps everyone for an empty query", () => {
    expect(filterMentionCandidates(members, "")).toEqual(members);
  });

  it("lists names starting with the query before names containing it", () => {
    expect(filterMentionCandidates(members, "민")).toEqual([kim, lee]);
    expect(filterMentionCandidates([lee, kim], "김")).toEqual([kim]);
    expect(filterMentionCandidates([kim, lee], "이민")).toEqual([lee]);
    expect(filterMentionCandidates(members, "수")).toEqual([kim]);
  });

  it("ignores case and Unicode normalisation", () => {
    expect(filterMentionCandidates(members, "jI")).toEqual([park]);
    expect(filterMentionCandidates(members, "김".normalize("NFD"))).toEqual([
      kim,
    ]);
  });

  it("finds nobody for an unknown name", () => {
    expect(filterMentionCandidates(members, "최")).toEqual([]);
  });
});

describe("insertMention", () => {
  it("replaces the typed query with @Name and a space, caret after it", () => {
    const text = "안녕 @김 반가워";
    const at = findMentionQuery(text, 5)!;
    expect(insertMention(text, at, 5, "김민수")).toEqual({
      text: "안녕 @김민수 반가워",
      caret: 8,
    });
  });

  it("adds a space at the end of the text", () => {
    expect(
      insertMention("@", { start: 0, query: "" }, 1, "Park Jisoo"),
    ).toEqual({ text: "@Park Jisoo ", caret: 12 });
  });
});

describe("mentionedMembers", () => {
  it("keeps picked members whose @Name is still in the text, each once", () => {
    expect(
      mentionedMembers("@김민수 @Park Jisoo 회의요 @김민수", [kim, park, kim]),
    ).toEqual([kim, park]);
  });

  it("drops a member whose mention was deleted or changed", () => {
    expect(mentionedMembers("김민수 회의요", [kim])).toEqual([]);
    expect(mentionedMembers("@김민수님", [kim])).toEqual([]);
    expect(mentionedMembers("a@김민수", [kim])).toEqual([]);
  });

  it("tells two members of the same name apart by who was picked", () => {
    expect(mentionedMembers("@김민수 확인 부탁", [kim2])).toEqual([kim2]);
  });

  it("accepts punctuation right after the name", () => {
    expect(mentionedMembers("@이민호, 확인 부탁", [lee])).toEqual([lee]);
  });

  it("treats regular-expression characters in names literally", () => {
    const odd = { jid: "odd@moa.test", name: "A.B (c)" };
    expect(mentionedMembers("@A.B (c) hi", [odd])).toEqual([odd]);
    expect(mentionedMembers("@AxB (c) hi", [odd])).toEqual([]);
  });
});

describe("findMentionTokens", () => {
  it("finds each @Name at word boundaries only", () => {
    const text = "@김민수 님, @김민수님 말고 @김민수 확인 부탁해요 kim@김민수";
    expect(
      findMentionTokens(text, "김민수").map((r) => text.slice(r.start, r.end)),
    ).toEqual(["@김민수", "@김민수"]);
    expect(findMentionTokens(text, "김민수").map((r) => r.start)).toEqual([
      0, 17,
    ]);
    expect(findMentionTokens("@Park Jisoo!", park.name)).toEqual([
      { start: 0, end: 11 },
    ]);
    expect(findMentionTokens("@", "")).toEqual([]);
  });
});

describe("removeMention", () => {
  it("removes each @Name of the member with its space", () => {
    expect(removeMention("@김민수 회의 @김민수 자료", "김민수")).toBe(
      "회의 자료",
    );
  });

  it("leaves longer names and other text alone", () => {
    expect(removeMention("@김민수님 @이민호 안녕", "김민수")).toBe(
      "@김민수님 @이민호 안녕",
    );
  });
});

describe("talk extension", () => {
  it("carries the mentioned JIDs once each", () => {
    expect(buildTalkExtension([kim.jid, lee.jid, kim.jid])).toBe(
      `{"contentType":"TALK","mentions":["${kim.jid}","${lee.jid}"]}`,
    );
  });

  it("is the plain TALK extension without mentions", () => {
    expect(buildTalkExtension([])).toBe('{"contentType":"TALK"}');
  });

  it("reads the mentions back", () => {
    expect(parseMentions(buildTalkExtension([kim.jid]))).toEqual([kim.jid]);
  });

  it("reads nothing from absent, foreign or broken extensions", () => {
    expect(parseMentions(undefined)).toEqual([]);
    expect(parseMentions('{"contentType":"TALK"}')).toEqual([]);
    expect(parseMentions('{"mentions":"kim"}')).toEqual([]);
    expect(parseMentions("not json")).toEqual([]);
  });
});
