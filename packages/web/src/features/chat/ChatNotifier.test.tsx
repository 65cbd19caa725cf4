/** New-message alerts as the user notices them: a toast with sender and text, the chime, nothing when muted or own. */
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { playTone } from "../../platform/chat-sound";
import { createChatServer, ME, type RoomSpec } from "../../test/chat-server";
import { SessionController, SessionProvider } from "../session";
import { ChatContext } from "./ChatContext";
import { ChatNotifier } from "./ChatNotifier";
import { ChatSync } from "./chat-sync";
import { patchRoom } from "./room-state";

vi.mock("../../platform/chat-sound", () => ({ playTone: vi.fn() }));

/** Desktop notifications shown, as the Notification API received them. */
const shown: { title: string; body: string }[] = [];

class FakeNotification {
  static permission = "granted";
  static requestPermission = () => Promise.resolve("granted");
  onclick: (() => void) | null = null;
  constructor(title: string, options: { body: string }) {
    shown.push({ title, body: options.body });
  }
  close() {
    return undefined;
  }
}

beforeEach(() => {
  shown.length = 0;
  vi.mocked(playTone).mockClear();
  vi.stubGlobal("Notification", FakeNotification);
  // The app's window is behind another one, so desktop notifications show.
  vi.spyOn(document, "hasFocus").mockReturnValue(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ROOMS: RoomSpec[] = [
  { name: "pc_a", type: 2, title: "기획팀" },
  { name: "pc_b", type: 2, title: "디자인팀" },
];

async function renderNotifier() {
  const server = createChatServer(ROOMS.map((r) => ({ ...r })));
  const sync = new ChatSync(server.transport);
  const stop = sync.start();
  const session = new SessionController({
    baseUrl: "http://moa.test",
    locale: () => "ko-kr",
  });
  const onOpen = vi.fn(() => true);
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <SessionProvider controller={session}>
            <ChatContext value={sync}>
              <ChatNotifier onOpen={onOpen} />
            </ChatContext>
          </SessionProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  await vi.waitFor(() => {
    expect(sync.store.getState().loaded).toBe(true);
  });
  return { server, sync, session, onOpen, stop };
}

describe("ChatNotifier", () => {
  it("shows a toast with the sender and the trimmed text, chimes, and opens the room from the toast", async () => {
    const { server, onOpen, stop } = await renderNotifier();
    act(() => {
      server.post("pc_a", "오후 회의는 3시에 대회의실에서 합니다");
    });
    const toast = await screen.findByRole("status", {
      name: "김민수의 새 메시지",
    });
    expect(toast.textContent).toContain("오후 회의는 3시에 대회의실...");
    expect(playTone).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([
      { title: "김민수", body: "오후 회의는 3시에 대회의실..." },
    ]);
    await userEvent.click(within(toast).getByRole("button", { name: "열기" }));
    expect(onOpen).toHaveBeenCalledWith("pc_a");
    stop();
  });

  it("stays silent for the user's own messages and in a room whose alarm is off", async () => {
    const { server, sync, stop } = await renderNotifier();
    sync.store.setState((s) => ({
      rooms: patchRoom(s.rooms, "pc_b", { alarmBlocked: true }),
    }));
    act(() => {
      server.post("pc_a", "내가 보낸 메시지", { sender: ME });
      server.post("pc_b", "알림 끈 방의 메시지");
    });
    // The muted room still counts the message as unread.
    expect(sync.store.getState().rooms.get("pc_b")?.unreadCount).toBe(1);
    expect(screen.queryByRole("status")).toBeNull();
    expect(playTone).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    stop();
  });

  it("while locked, only says that a message arrived: no toast, no sender, no text, no chime", async () => {
    const { server, session, stop } = await renderNotifier();
    session.store.setState({ locked: true });
    act(() => {
      server.post("pc_a", "잠긴 동안 온 비밀 메시지");
    });
    expect(shown).toEqual([
      { title: "모아 메신저", body: "새 메시지가 도착했습니다." },
    ]);
    expect(screen.queryByRole("status")).toBeNull();
    expect(document.body.textContent).not.toContain("비밀 메시지");
    expect(playTone).not.toHaveBeenCalled();
    stop();
  });
});
