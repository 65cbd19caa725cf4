/**
 * The room window at a message (issue #18), with the main window played over a memory bridge and an archive of 250
 * messages: opened at a search result it loads the history around the message and marks it, then loads forward to
 * the newest while live messages wait their turn; Ctrl+F finds a match older than the loaded pages through the
 * server's search and shows the history around it.
 */
import {
  createBridge,
  createMemoryHub,
  type Bridge,
  type BridgeEvents,
} from "@moa/shared";
import {
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { BridgeProvider } from "../../lib/bridge";
import { ChatRoomPage } from "./ChatRoomPage";

type Message = BridgeEvents["message:added"]["message"];

const ME = "me.demo@chat.moa.test";
const KIM = "kim.demo@chat.moa.test";
const T0 = Date.UTC(2025, 2, 3, 1, 0);
const PAGE = 100;
const FOUND = "견적서 초안입니다";

const message = (n: number, text = `메시지 ${String(n)}`): Message => ({
  key: String(T0 + n * 60_000),
  roomName: "pc_team",
  senderJid: KIM,
  senderName: "김민수",
  text,
  contentType: "TALK",
  isDel: false,
  isLongMsg: false,
});

// Message 30 is the one searched for; 1..250 in all.
const archive = Array.from({ length: 250 }, (_, i) =>
  message(i + 1, i + 1 === 30 ? FOUND : undefined),
);
const found = archive[29]!;

// jsdom has no layout and no scrollBy; Virtuoso scrolls by the height of prepended pages, which here is nothing.
if (typeof HTMLElement.prototype.scrollBy !== "function")
  HTMLElement.prototype.scrollBy = () => undefined;

function renderRoom(hash: string, viewportHeight: number) {
  window.history.replaceState(null, "", `/#/chatRoom?${hash}`);
  const hub = createMemoryHub();
  const main: Bridge = createBridge("main", hub.connect());
  const win = createBridge("room:pc_team", hub.connect());
  const fetches: string[] = [];
  const searches: string[] = [];
  main.handle("room:enter", () => ({
    roomName: "pc_team",
    title: "개발팀",
    roomType: 2,
    alarmOn: true,
    members: [ME, KIM].map((jid) => ({
      jid,
      name: jid === ME ? "나" : "김민수",
      nickname: "",
      position: "",
      deptName: "",
      imageUrl: "",
      affiliation: "owner" as const,
      presence: "off" as const,
    })),
  }));
  main.handle("me:get", () => ({
    jid: ME,
    loginId: "me",
    name: "나",
    nickname: "",
    position: "",
    deptName: "",
    photoUrl: "",
    freeUser: false,
    presence: "on",
  }));
  // The archive's paging (docs/protocol.md §4): older pages end below `before`, newer ones start above `after`.
  main.handle("messages:fetch", ({ before, after }) => {
    if (after !== undefined) {
      fetches.push(`after ${after}`);
      const rest = archive.filter((m) => Number(m.key) > Number(after));
      return {
        messages: rest.slice(0, PAGE),
        reachedFirst: false,
        reachedLast: rest.length <= PAGE,
      };
    }
    fetches.push(before === undefined ? "newest" : `before ${before}`);
    const older = archive.filter(
      (m) => before === undefined || Number(m.key) < Number(before),
    );
    return {
      messages: older.slice(-PAGE),
      reachedFirst: older.length <= PAGE,
    };
  });
  main.handle("messages:search", ({ roomName, q }) => {
    searches.push(`${roomName} ${q}`);
    return {
      keys: archive
        .filter((m) => m.text.includes(q))
        .reverse()
        .map((m) => m.key),
    };
  });
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <BridgeProvider bridge={win}>
            <VirtuosoMockContext value={{ viewportHeight, itemHeight: 40 }}>
              <ChatRoomPage />
            </VirtuosoMockContext>
          </BridgeProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { main, fetches, searches, user: userEvent.setup() };
}

const FIRST_RENDER_MS = 10_000;
const list = () =>
  screen.findByRole("list", { name: "메시지" }, { timeout: FIRST_RENDER_MS });
const texts = () =>
  [...document.querySelectorAll(".moa-msg__bubble")].map((b) => b.textContent);
const marked = () => [
  ...document.querySelectorAll('[role=article][aria-current="true"]'),
];

describe("room window at a message", { timeout: 30_000 }, () => {
  it("opened at a search result shows the history around the message, marked, then loads forward to the newest; live messages wait and keep their order", async () => {
    // Tall enough for every loaded row to render, so the bottom is reached after each page.
    const { main, fetches } = renderRoom(
      `rparam=pc_team&at=${found.key}`,
      40_000,
    );
    await list();
    expect(fetches.slice(0, 2).sort()).toEqual(
      [`after ${found.key}`, `before ${String(Number(found.key) + 1)}`].sort(),
    );
    const [article] = marked();
    expect(article?.textContent).toContain(FOUND);
    const description = document.getElementById(
      article?.getAttribute("aria-describedby") ?? "",
    );
    expect(description?.textContent).toBe("찾은 메시지");
    expect(texts()[0]).toBe("메시지 1");

    const live = message(251, "방금 온 메시지");
    main.emit("message:added", { roomName: "pc_team", message: live });
    // The user scrolls down: each time the bottom is near the next page loads, until the newest; the live message
    // then joins after it, once.
    const scroller = document.querySelector("[data-virtuoso-scroller]")!;
    await waitFor(() => {
      fireEvent.scroll(scroller);
      expect(texts().at(-1)).toBe("방금 온 메시지");
    });
    expect(fetches).toContain(`after ${archive[129]!.key}`);
    const all = texts().filter((t) => t !== FOUND);
    expect(all).toEqual([
      ...archive.filter((m) => m !== found).map((m) => m.text),
      "방금 온 메시지",
    ]);
    expect(marked()).toHaveLength(1);

    // Now at the newest, live messages join at once.
    main.emit("message:added", {
      roomName: "pc_team",
      message: message(252, "그다음 메시지"),
    });
    await waitFor(() => {
      expect(texts().at(-1)).toBe("그다음 메시지");
    });
  });

  it("Ctrl+F finds a match older than the loaded pages through the server's search and shows the history around it", async () => {
    // Shorter than a page, so the top of the newest page is not reached and older pages stay unloaded.
    const { searches, user } = renderRoom("rparam=pc_team", 2000);
    await list();
    await waitFor(() => {
      expect(texts().at(-1)).toBe("메시지 250");
    });
    expect(texts()).not.toContain(FOUND);
    fireEvent.keyDown(window, { key: "f", ctrlKey: true });
    const search = await screen.findByRole("search");
    await user.type(
      within(search).getByRole("textbox", { name: "검색어" }),
      "견적",
    );
    expect(within(search).getByRole("status").textContent).toBe("결과 없음");
    await user.click(within(search).getByRole("button", { name: "이전 결과" }));

    await waitFor(() => {
      expect(marked().map((a) => a.textContent)).toEqual([FOUND]);
    });
    expect(searches).toEqual(["pc_team 견적"]);
    expect(
      document.querySelector('mark[aria-current="true"]')?.textContent,
    ).toBe("견적");
    expect(within(search).getByRole("status").textContent).toBe("1/1");
    expect(texts()[0]).toBe("메시지 1");
  });
});
