/** The room list's row menu as a user works it: pin, alarm, hide, leave, by mouse and keyboard, and the kept sort. */
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { createChatServer, KIM, type RoomSpec } from "../../test/chat-server";
import { withRoomCommands } from "../../test/room-commands-server";
import { ChatContext } from "./ChatContext";
import { ChatSync } from "./chat-sync";
import { ChattingTab } from "./ChattingTab";
import { loadRoomSort } from "./sort-preference";

async function renderTab(rooms: RoomSpec[]) {
  const server = createChatServer(rooms);
  const wrapped = withRoomCommands(server, rooms);
  for (const [i, room] of rooms.entries())
    server.post(room.name, `메시지 ${String(i)}`, { live: false });
  const sync = new ChatSync(wrapped.transport);
  const stop = sync.start();
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <ChatContext value={sync}>
            <VirtuosoMockContext
              value={{ viewportHeight: 2000, itemHeight: 50 }}
            >
              <ChattingTab search="" onOpen={vi.fn(() => true)} />
            </VirtuosoMockContext>
          </ChatContext>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  await screen.findByRole("list", { name: "대화방 목록" });
  return { sync, stop, commands: wrapped.commands, data: wrapped.data };
}

/** The rows' names, top to bottom. */
function rowNames(): string[] {
  return screen
    .getAllByRole("listitem")
    .map(
      (item) =>
        within(item).getByRole("button").getAttribute("aria-label") ?? "",
    );
}

/** Opens a row's menu with a right click and picks an item. */
async function chooseFromMenu(rowName: string, item: string) {
  fireEvent.contextMenu(screen.getByRole("button", { name: rowName }));
  await userEvent.click(await screen.findByRole("menuitem", { name: item }));
}

const kim = [{ jid: KIM, name: "김민수" }];

afterEach(() => {
  localStorage.clear();
});

describe("room list actions", () => {
  it("pins a room to the top and unpins it back into time order", async () => {
    const { stop, commands } = await renderTab([
      { name: "pc_a", type: 2, title: "기획팀" },
      { name: "pc_b", type: 2, title: "디자인팀" },
      { name: "pc_c", type: 2, title: "개발팀" },
    ]);
    expect(rowNames()).toEqual([
      "개발팀, 읽지 않은 메시지 1개",
      "디자인팀, 읽지 않은 메시지 1개",
      "기획팀, 읽지 않은 메시지 1개",
    ]);

    await chooseFromMenu("기획팀, 읽지 않은 메시지 1개", "상단 고정");
    await vi.waitFor(() => {
      expect(rowNames()[0]).toBe("기획팀, 읽지 않은 메시지 1개");
    });
    const top = screen.getAllByRole("listitem")[0]!;
    expect(within(top).getByLabelText("상단 고정")).toBeTruthy();

    // The newest pin goes above the older one.
    await chooseFromMenu("디자인팀, 읽지 않은 메시지 1개", "상단 고정");
    await vi.waitFor(() => {
      expect(rowNames().slice(0, 2)).toEqual([
        "디자인팀, 읽지 않은 메시지 1개",
        "기획팀, 읽지 않은 메시지 1개",
      ]);
    });

    await chooseFromMenu("디자인팀, 읽지 않은 메시지 1개", "상단 고정 해제");
    await vi.waitFor(() => {
      expect(rowNames()).toEqual([
        "기획팀, 읽지 않은 메시지 1개",
        "개발팀, 읽지 않은 메시지 1개",
        "디자인팀, 읽지 않은 메시지 1개",
      ]);
    });
    expect(commands.at(-1)).toBe('pins [{"name":"pc_a","order":1}]');
    stop();
    // Three menus in jsdom with antd take a few seconds.
  }, 20_000);

  it("turns a room's alarm off and on from the keyboard (Shift+F10)", async () => {
    const { stop, data } = await renderTab([
      { name: "s_kim", type: 1, members: kim },
    ]);
    const row = screen.getByRole("button", {
      name: "김민수, 읽지 않은 메시지 1개",
    });
    row.focus();
    await userEvent.keyboard("{Shift>}{F10}{/Shift}");
    await userEvent.click(
      await screen.findByRole("menuitem", { name: "알림 끄기" }),
    );
    await vi.waitFor(() => {
      expect(
        within(screen.getAllByRole("listitem")[0]!).getByLabelText("알림 꺼짐"),
      ).toBeTruthy();
    });
    expect(data.blockedAlarms).toEqual(["s_kim"]);
    // The row has the focus again, for the next key.
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(row);
    });

    row.focus();
    await userEvent.keyboard("{Shift>}{F10}{/Shift}");
    await userEvent.click(
      await screen.findByRole("menuitem", { name: "알림 켜기" }),
    );
    await vi.waitFor(() => {
      expect(screen.queryByLabelText("알림 꺼짐")).toBeNull();
    });
    expect(data.blockedAlarms).toEqual([]);
    stop();
  });

  it("leaves a group room after confirming, and hides a left 1:1 room", async () => {
    const { stop, commands } = await renderTab([
      { name: "pc_a", type: 2, title: "기획팀", members: kim },
      { name: "s_kim", type: 1, members: kim },
    ]);
    await chooseFromMenu("기획팀, 읽지 않은 메시지 1개", "나가기");
    const confirm = await screen.findByRole("dialog", {
      name: "대화방 나가기",
    });
    expect(confirm.textContent).toContain("기획팀 대화방에서 나가시겠습니까?");
    await userEvent.click(
      within(confirm).getByRole("button", { name: "나가기" }),
    );
    await vi.waitFor(() => {
      expect(rowNames()).toEqual(["김민수, 읽지 않은 메시지 1개"]);
    });

    await chooseFromMenu("김민수, 읽지 않은 메시지 1개", "나가기");
    const second = await screen.findByRole("dialog", { name: "대화방 나가기" });
    expect(second.textContent).toContain("새 메시지가 오면 다시 표시됩니다");
    await userEvent.click(
      within(second).getByRole("button", { name: "나가기" }),
    );
    await screen.findByText("대화방이 없습니다. 새 대화를 시작해 보세요.");
    expect(commands).toEqual(["leave pc_a", "leave-time s_kim"]);
    stop();
  });

  it("keeps a room when leaving is cancelled", async () => {
    const { stop, commands } = await renderTab([
      { name: "pc_a", type: 2, title: "기획팀", members: kim },
    ]);
    await chooseFromMenu("기획팀, 읽지 않은 메시지 1개", "나가기");
    const confirm = await screen.findByRole("dialog", {
      name: "대화방 나가기",
    });
    await userEvent.click(
      within(confirm).getByRole("button", { name: "취소" }),
    );
    expect(rowNames()).toEqual(["기획팀, 읽지 않은 메시지 1개"]);
    expect(commands).toEqual([]);
    stop();
  });

  it("offers hiding (not leaving) for the self room and no alarm for a news room", async () => {
    const { stop, data } = await renderTab([
      { name: "s_s_me", type: 4 },
      { name: "al_me", type: 9 },
    ]);
    fireEvent.contextMenu(
      screen.getByRole("button", { name: "알림, 읽지 않은 메시지 1개" }),
    );
    const newsMenu = await screen.findByRole("menu");
    expect(
      within(newsMenu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["열기", "상단 고정"]);
    fireEvent.keyDown(newsMenu, { key: "Escape" });

    await chooseFromMenu("나와의 채팅, 읽지 않은 메시지 1개", "숨기기");
    await vi.waitFor(() => {
      expect(rowNames()).toEqual(["알림, 읽지 않은 메시지 1개"]);
    });
    expect(data.privateRoom).toBe(false);
    stop();
  });

  // The scripted server lists the user as owner of every room: here, the project room's chief.
  it("does not offer leaving a project room to its chief while others remain", async () => {
    const { stop } = await renderTab([
      { name: "pc_pjt_a", type: 3, title: "신제품", members: kim },
    ]);
    fireEvent.contextMenu(
      screen.getByRole("button", { name: "신제품, 읽지 않은 메시지 1개" }),
    );
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByRole("menuitem", { name: "나가기" })).toBeNull();
    stop();
  });

  it("keeps the chosen sort for the next start", async () => {
    const { stop } = await renderTab([
      { name: "pc_a", type: 2, title: "기획팀" },
    ]);
    expect(loadRoomSort()).toBe("last");
    await userEvent.click(
      screen.getByRole("button", { name: "정렬: 최근 메시지순" }),
    );
    await userEvent.click(
      await screen.findByRole("menuitem", { name: "안 읽은 메시지순" }),
    );
    expect(loadRoomSort()).toBe("notread");
    stop();
  });
});
