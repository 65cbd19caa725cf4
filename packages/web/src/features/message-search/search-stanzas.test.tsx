/** The search query as sent, and a hit's snippet read from the server's mixed content and shown as text. */
import { NS_MOA_SEARCH, NS_RSM } from "@moa/shared";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseSearchResult, parseSnippet, searchQuery } from "./search-stanzas";
import { Snippet } from "./Snippet";

const parse = (xml: string) =>
  new DOMParser().parseFromString(xml, "text/xml").documentElement;

const hit = (snippet: string) =>
  `<hit id="7" room="pc_a" room-jid="pc_a@conference.moa.test" room-type="2" room-title="기획팀" sender="kim@moa.test" sender-name="김민수" time="1700000000000" content-type="TALK"><snippet>${snippet}</snippet></hit>`;

const answer = (hits: string, set: string) =>
  parse(
    `<iq xmlns="jabber:client" type="result"><search xmlns="${NS_MOA_SEARCH}" q="견적">${hits}<set xmlns="${NS_RSM}">${set}</set></search></iq>`,
  );

describe("message search stanzas", () => {
  it("asks with the query, the filters, the page size and the cursor of the older page", () => {
    const iq = searchQuery({
      q: "견적",
      room: "pc_a",
      sender: "kim@moa.test",
      start: 1,
      end: 2,
      files: true,
      max: 20,
      before: "41",
    });
    const xml = new XMLSerializer().serializeToString(iq);
    expect(xml).toContain(
      `<search xmlns="${NS_MOA_SEARCH}" q="견적" room="pc_a" sender="kim@moa.test" start="1" end="2" files="true">`,
    );
    expect(xml).toContain(
      `<set xmlns="${NS_RSM}"><max>20</max><before>41</before></set>`,
    );
    const plain = new XMLSerializer().serializeToString(
      searchQuery({ q: "a" }),
    );
    expect(plain).not.toContain("room=");
    expect(plain).not.toContain("<before");
  });

  it("reads the matches of a snippet apart from its text, and any other markup only as text", () => {
    const snippet = parse(
      `<snippet>…앞부분 <em>견적</em>서를 <b>보내</b> <em>견적</em><em>서</em> &lt;img src=x onerror=alert(1)&gt;</snippet>`,
    );
    expect(parseSnippet(snippet)).toEqual([
      { text: "…앞부분 ", match: false },
      { text: "견적", match: true },
      { text: "서를 보내 ", match: false },
      { text: "견적서", match: true },
      { text: " <img src=x onerror=alert(1)>", match: false },
    ]);
  });

  it("renders the matches as marks and the server's text never as HTML", () => {
    const { container } = render(
      <Snippet
        parts={parseSnippet(
          parse(
            `<snippet><em>견적</em> &lt;b&gt;굵게&lt;/b&gt; <em>&lt;img src=x&gt;</em></snippet>`,
          ),
        )}
      />,
    );
    expect(
      [...container.querySelectorAll("mark")].map((m) => m.textContent),
    ).toEqual(["견적", "<img src=x>"]);
    expect(container.querySelector("b, img")).toBeNull();
    expect(container.textContent).toBe("견적 <b>굵게</b> <img src=x>");
  });

  it("pages on while a page is full and stops at a short one; malformed hits are left out", () => {
    const full = parseSearchResult(
      answer(
        hit("<em>견적</em>") +
          '<hit room="pc_a" time="1"><snippet>a</snippet></hit>',
        "<first>7</first><last>7</last>",
      ),
      2,
    );
    expect(full.hits.map((h) => [h.roomTitle, h.senderName, h.time])).toEqual([
      ["기획팀", "김민수", 1_700_000_000_000],
    ]);
    expect(full.next).toBe("7");
    const short = parseSearchResult(
      answer(hit("<em>견적</em>"), "<first>7</first><last>7</last>"),
      20,
    );
    expect(short.next).toBeUndefined();
    expect(parseSearchResult(answer("", ""), 20)).toEqual({
      hits: [],
      next: undefined,
    });
  });
});
