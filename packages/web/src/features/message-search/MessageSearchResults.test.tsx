/**
 * The chatting tab's message search as a user sees it: hits across rooms under the matching rooms, newest first with
 * room, sender and highlighted snippet; narrowing to a room; more pages; empty and failed searches; typing debounced;
 * a click opens the room window at the message.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { createChatServer, type RoomSpec } from "../../test/chat-server";
import { ChatContext } from "../chat/ChatContext";
import { ChatSync } from "../chat/chat-sync";
import { ChattingTab } from "../chat/ChattingTab";

const ROOMS: RoomSpec[] = [
  { name: "pc_a", type: 2, title: "기획팀" },
  { name: "pc_b", type: 2, title: "디자인팀" },
];

// The first render of a file (antd, i18n, the lazy chunk) takes seconds on a loaded machine.
const FIRST_RENDER_MS = 10_000;

function renderSearch(
  seed: (server: ReturnType<typeof createChatServer>) => void,
) {
  const server = createChatServer(ROOMS);
  seed(server);
  const sync = new ChatSync(server.transport);
  const stop = sync.start();
  const onOpen = vi.fn(() => true);
  const queryClient = new QueryClient();
  const ui = (text: string) => (
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntdApp>
            <ChatContext value={sync}>
              <VirtuosoMockContext
                value={{ viewportHeight: 2000, itemHeight: 50 }}
              >
                <ChattingTab search={text} onOpen={onOpen} />
              </VirtuosoMockContext>
            </ChatContext>
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const view = render(ui(""));
  return {
    server,
    onOpen,
    stop,
    type: (text: string) => {
      view.rerender(ui(text));
    },
  };
}

const results = () =>
  screen.findByRole(
    "list",
    { name: "메시지 검색 결과" },
    { timeout: FIRST_RENDER_MS },
  );
const hitTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole("button")
    .map((b) => b.textContent);

describe("message search in the chatting tab", () => {
  it("lists the matching messages of every room newest first, with room, sender and marked match, and opens one at its message", async () => {
    const { server, onOpen, stop, type } = renderSearch((s) => {
      s.post("pc_a", "견적서를 보내 주세요", { live: false });
      s.post("pc_b", "점심 메뉴", { live: false });
      s.post("pc_b", "어제 견적 얘기요", { live: false });
    });
    type("견적");
    const list = await results();
    expect(
      screen.getByRole("heading", { level: 2, name: "메시지 검색 결과" }),
    ).toBeTruthy();
    const buttons = within(list).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^디자인팀.*김민수어제 견적 얘기요$/),
      expect.stringMatching(/^기획팀.*김민수견적서를 보내 주세요$/),
    ]);
    expect(
      [...list.querySelectorAll("mark")].map((m) => m.textContent),
    ).toEqual(["견적", "견적"]);
    // The matching rooms stay above, filtered by name as before.
    expect(screen.getByText("검색 결과가 없습니다.")).toBeTruthy();

    await userEvent.click(buttons[1]!);
    const opened = server.archive[0]!;
    expect(onOpen).toHaveBeenCalledWith("pc_a", opened.time);
    stop();
  });

  it("waits for a pause in typing, then narrows to the picked room", async () => {
    const { server, stop, type } = renderSearch((s) => {
      s.post("pc_a", "견적 A", { live: false });
      s.post("pc_b", "견적 B", { live: false });
    });
    type("견");
    type("견적");
    const list = await results();
    expect(hitTexts(list)).toHaveLength(2);
    expect(server.iqs.filter((iq) => iq.startsWith("search"))).toEqual([
      "search 견적",
    ]);

    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "대화방" }),
      "디자인팀",
    );
    await waitFor(() => {
      expect(
        hitTexts(screen.getByRole("list", { name: "메시지 검색 결과" })),
      ).toEqual([expect.stringMatching(/견적 B$/)]);
    });
    expect(server.iqs).toContain("search 견적 room=pc_b");
    stop();
  });

  it("loads older pages with more until a short page ends the list", async () => {
    const { server, stop, type } = renderSearch((s) => {
      for (let i = 1; i <= 25; i += 1)
        s.post("pc_a", `견적 ${String(i)}`, { live: false });
    });
    type("견적");
    const list = await results();
    expect(hitTexts(list)).toHaveLength(20);
    expect(hitTexts(list)[0]).toMatch(/견적 25$/);
    await userEvent.click(screen.getByRole("button", { name: "더 보기" }));
    await waitFor(() => {
      expect(hitTexts(list)).toHaveLength(25);
    });
    expect(hitTexts(list).at(-1)).toMatch(/견적 1$/);
    expect(server.iqs).toContain("search 견적 before=6");
    expect(screen.queryByRole("button", { name: "더 보기" })).toBeNull();
    stop();
  });

  it("says when nothing matches, and when the search failed offers to try again", async () => {
    const { server, stop, type } = renderSearch((s) => {
      s.post("pc_a", "회의록", { live: false });
    });
    type("견적");
    await screen.findByText("일치하는 메시지가 없습니다.", undefined, {
      timeout: FIRST_RENDER_MS,
    });

    server.failSearches("internal-server-error");
    type("회의");
    await screen.findByText("검색하지 못했습니다.");
    server.failSearches(null);
    await userEvent.click(screen.getByRole("button", { name: "다시 시도" }));
    const list = await results();
    expect(hitTexts(list)).toEqual([expect.stringMatching(/회의록$/)]);
    stop();
  });
});
