/**
 * View windows follow the main window's session: shown only once a signed-in main window confirms it, hidden while
 * locked, closed when the session ends, and closed without ever showing anything when no session answers.
 */
import { act, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/render-app";

const ROOM = "#/chatRoom?rparam=%7B%22room%22%3A1%7D";
// The room page is its own chunk: its first load may take seconds on a busy machine.
const loading = () =>
  screen.findByRole(
    "main",
    { name: "대화방을 불러오는 중입니다" },
    { timeout: 15_000 },
  );

describe("ViewWindowGuard", () => {
  // Transform the room page's chunk once up front, so no test spends its time budget on it.
  beforeAll(async () => {
    await import("../chat-room");
  }, 60_000);

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("a room window closes itself at once when the main window's session ends", async () => {
    const close = vi.spyOn(window, "close").mockImplementation(() => undefined);
    const { main } = renderApp(ROOM);
    await loading();
    act(() => {
      main?.emit("session:ended", { reason: "logout" });
    });
    expect(await screen.findByRole("main", { name: "세션 종료" })).toBeTruthy();
    expect(close).toHaveBeenCalledOnce();
    expect(
      screen.queryByRole("main", { name: "대화방을 불러오는 중입니다" }),
    ).toBeNull();
  });

  it("a lock hides the window's content and unlocking restores it", async () => {
    const { main } = renderApp(ROOM);
    await loading();
    act(() => {
      main?.emit("lock:changed", { locked: true });
    });
    expect(await screen.findByRole("main", { name: "잠금 상태" })).toBeTruthy();
    expect(
      screen.queryByRole("main", { name: "대화방을 불러오는 중입니다" }),
    ).toBeNull();
    act(() => {
      main?.emit("lock:changed", { locked: false });
    });
    expect(await loading()).toBeTruthy();
  });

  it("a window opened while locked shows nothing of its page until unlocked", async () => {
    const { main } = renderApp(ROOM, "ko-KR", { signedIn: true, locked: true });
    expect(await screen.findByRole("main", { name: "잠금 상태" })).toBeTruthy();
    act(() => {
      main?.emit("lock:changed", { locked: false });
    });
    expect(await loading()).toBeTruthy();
  });

  it.each([
    ["a main window says it is signed out", { signedIn: false, locked: false }],
    ["no signed-in main window answers", null],
  ] as const)(
    "a window left from an old session closes without showing its page when %s",
    async (_, mainSession) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const close = vi
        .spyOn(window, "close")
        .mockImplementation(() => undefined);
      renderApp(ROOM, "ko-KR", mainSession);
      expect(
        screen.getByRole("main", { name: "세션을 확인하는 중입니다" }),
      ).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(close).toHaveBeenCalledOnce();
      expect(screen.getByRole("main", { name: "세션 종료" })).toBeTruthy();
      expect(
        screen.queryByRole("main", { name: "대화방을 불러오는 중입니다" }),
      ).toBeNull();
    },
  );
});
