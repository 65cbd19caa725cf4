/** The chatting tab as a user sees it: order, sort menu, search, badges, previews, opening rooms, 5,000 rooms. */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { createChatServer, KIM, type RoomSpec } from "../../test/chat-server";
import { ChatContext } from "./ChatContext";
import { ChatSync } from "./chat-sync";
import { ChattingTab } from "./ChattingTab";

async function renderTab(
  rooms: RoomSpec[],
  seed: (server: ReturnType<typeof createChatServer>) => void = () => undefined,
  { search = "", viewportHeight = 2000 } = {},
) {
  const server = createChatServer(rooms);
  seed(server);
  const sync = new ChatSync(server.transport);
  const stop = sync.start();
  const onOpen = vi.fn(() => true);
  const ui = (text: string) => (
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <ChatContext value={sync}>
            <VirtuosoMockContext value={{ viewportHeight, itemHeight: 50 }}>
              <ChattingTab search={text} onOpen={onOpen} />
            </VirtuosoMockContext>
          </ChatContext>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>
  );
  const view = render(ui(search));
  const list = await screen.findByRole("list", {
    name: search ? "대화방 검색 결과" : "대화방 목록",
  });
  return {
    server,
    sync,
    stop,
    onOpen,
    list,
    rerender: (text: string) => {
      view.rerender(ui(text));
    },
  };
}

/** The rows' accessible names, top to bottom. */
function rowNames(): string[] {
  return screen
    .getAllByRole("listitem")
    .map(
      (item) =>
        within(item).getByRole("button").getAttribute("aria-label") ?? "",
    );
}

const kim = [{ jid: KIM, name: "김민수" }];

describe("ChattingTab", () => {
  it("lists pinned rooms first (higher pin first), then the newest message first, and the notread sort by unread count", async () => {
    const { stop } = await renderTab(
      [
        { name: "pc_a", type: 2, title: "기획팀" },
        { name: "pc_b", type: 2, title: "디자인팀" },
        { name: "pc_c", type: 2, title: "고정 낮음", order: 1 },
        { name: "pc_d", type: 2, title: "고정 높음", order: 2 },
        { name: "s_kim", type: 1, members: kim },
      ],
      (server) => {
        server.post("pc_b", "하나", { live: false });
        server.post("pc_b", "둘", { live: false });
        server.post("pc_b", "셋", { live: false });
        server.post("pc_c", "고정방", { live: false });
        server.post("s_kim", "안녕", { live: false });
        server.post("pc_a", "최신", { live: false });
      },
    );
    expect(rowNames()).toEqual([
      "고정 높음",
      "고정 낮음, 읽지 않은 메시지 1개",
      "기획팀, 읽지 않은 메시지 1개",
      "김민수, 읽지 않은 메시지 1개",
      "디자인팀, 읽지 않은 메시지 3개",
    ]);

    await userEvent.click(
      screen.getByRole("button", { name: "정렬: 최근 메시지순" }),
    );
    await userEvent.click(
      await screen.findByRole("menuitem", { name: "안 읽은 메시지순" }),
    );
    expect(rowNames()).toEqual([
      "고정 높음",
      "고정 낮음, 읽지 않은 메시지 1개",
      "디자인팀, 읽지 않은 메시지 3개",
      "기획팀, 읽지 않은 메시지 1개",
      "김민수, 읽지 않은 메시지 1개",
    ]);
    expect(
      screen.getByRole("button", { name: "정렬: 안 읽은 메시지순" }),
    ).toBeTruthy();
    stop();
  });

  it("moves a room with a new message to the top, with its badge and trimmed preview", async () => {
    const { server, stop } = await renderTab(
      [
        { name: "pc_a", type: 2, title: "기획팀" },
        { name: "s_kim", type: 1, members: kim },
      ],
      (server) => {
        server.post("s_kim", "먼저 온 메시지", { live: false });
        server.post("pc_a", "나중 메시지", { live: false });
      },
    );
    expect(rowNames()[0]).toBe("기획팀, 읽지 않은 메시지 1개");
    act(() => {
      server.post("s_kim", "열다섯 글자를 넘는 아주 긴 메시지입니다");
    });
    expect(rowNames()[0]).toBe("김민수, 읽지 않은 메시지 2개");
    const top = screen.getAllByRole("listitem")[0]!;
    expect(top.textContent).toContain("열다섯 글자를 넘는 아주 긴...");
    expect(top.textContent).not.toContain("메시지입니다");
    stop();
  });

  it("shows 99+ for more than 99 unread messages", async () => {
    const { stop } = await renderTab(
      [{ name: "s_kim", type: 1, members: kim }],
      (server) => {
        for (let i = 0; i < 120; i += 1)
          server.post("s_kim", `메시지 ${String(i)}`, { live: false });
      },
    );
    expect(rowNames()).toEqual(["김민수, 읽지 않은 메시지 99+개"]);
    stop();
  });

  it("filters by room name in search mode, case-insensitively, and says when nothing matches", async () => {
    const { rerender, stop } = await renderTab(
      [
        { name: "pc_a", type: 2, title: "Design 리뷰" },
        { name: "pc_b", type: 2, title: "기획팀" },
        { name: "s_kim", type: 1, members: kim },
      ],
      () => undefined,
      { search: "design" },
    );
    expect(rowNames()).toEqual(["Design 리뷰"]);
    rerender("김민");
    expect(rowNames()).toEqual(["김민수"]);
    rerender("없는 방");
    expect(screen.getByText("검색 결과가 없습니다.")).toBeTruthy();
    rerender("");
    expect(
      await screen.findByRole("list", { name: "대화방 목록" }),
    ).toBeTruthy();
    expect(rowNames()).toHaveLength(3);
    stop();
  });

  it("search also finds a titled room by a participant's name, as its placeholder promises", async () => {
    const { rerender, stop } = await renderTab(
      [
        {
          name: "pc_a",
          type: 2,
          title: "주간 회의",
          members: [...kim, { jid: "lee.demo@chat.moa.test", name: "이영희" }],
        },
        { name: "pc_b", type: 2, title: "기획팀" },
      ],
      () => undefined,
      { search: "영희" },
    );
    expect(rowNames()).toEqual(["주간 회의"]);
    rerender("김민수");
    expect(rowNames()).toEqual(["주간 회의"]);
    stop();
  });

  it("opens a room on double click or Enter, not on a single click", async () => {
    const { onOpen, stop } = await renderTab([
      { name: "pc_a", type: 2, title: "기획팀" },
    ]);
    const row = screen.getByRole("button", { name: "기획팀" });
    await userEvent.click(row);
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.dblClick(row);
    expect(onOpen).toHaveBeenCalledWith("pc_a", undefined);
    row.focus();
    await userEvent.keyboard("{Enter}");
    expect(onOpen).toHaveBeenCalledTimes(2);
    stop();
  });

  it("renders only the visible rows of 5,000 rooms", async () => {
    const rooms = Array.from({ length: 5000 }, (_, i) => ({
      name: `pc_${String(i)}`,
      type: 2,
      title: `방 ${String(i).padStart(4, "0")}`,
    }));
    const { stop } = await renderTab(rooms, () => undefined, {
      viewportHeight: 500,
    });
    const rows = screen.getAllByRole("listitem");
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(50);
    expect(rowNames()[0]).toBe("방 0000");
    stop();
  });
});
