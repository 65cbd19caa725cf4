/** Routing as a user sees it: splash → login, the fallback page, each window route, the chat room parameter. */
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/render-app";

describe("routes", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the splash, then replaces it with the login screen after 2 s", async () => {
    vi.useFakeTimers();
    renderApp("#/splash");
    const entries = window.history.length;
    expect(
      screen.getByRole("heading", { level: 1, name: "모아 메신저" }),
    ).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(screen.queryByRole("heading", { name: "로그인" })).toBeNull();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    // The login screen is its own chunk: let it load with real timers.
    vi.useRealTimers();
    expect(
      await screen.findByRole("heading", { level: 1, name: "로그인" }),
    ).toBeTruthy();
    expect(window.location.hash).toBe("#/login");
    // Replaced, not pushed: Back must not lead to the splash again.
    expect(window.history.length).toBe(entries);
  });

  it("shows the fallback page for an unknown route, with a link back to the start", async () => {
    renderApp("#/no-such-screen");
    expect(
      screen.getByRole("heading", {
        level: 1,
        name: "페이지를 찾을 수 없습니다",
      }),
    ).toBeTruthy();

    await userEvent.click(
      screen.getByRole("link", { name: "처음 화면으로 돌아가기" }),
    );
    // The start screen is the main window, which sends a signed-out user on to the login screen.
    expect(
      await screen.findByRole("heading", { level: 1, name: "로그인" }),
    ).toBeTruthy();
    expect(window.location.hash).toBe("#/login");
  });

  it.each([
    ["#/login", "로그인"],
    ["#/webhard", "웹하드"],
    ["#/setting", "환경설정"],
  ])("renders %s as its own page", async (hash, heading) => {
    renderApp(hash);
    expect(
      await screen.findByRole("heading", { level: 1, name: heading }),
    ).toBeTruthy();
  });

  it("sends a signed-out user from the main window to the login screen, without a history entry", async () => {
    renderApp("#/");
    expect(
      await screen.findByRole("heading", { level: 1, name: "로그인" }),
    ).toBeTruthy();
    expect(window.location.hash).toBe("#/login");
  });

  it.each([
    ["#/popup", "팝업 창"],
    ["#/blank", "빈 화면"],
  ])("renders %s as an empty, labelled screen", async (hash, label) => {
    renderApp(hash);
    const main = await screen.findByRole("main", { name: label });
    expect(main.textContent).toBe("");
  });

  it("tells the user when a chat room window was opened without a room", async () => {
    renderApp("#/chatRoom");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "열 채팅방이 지정되지 않았습니다.",
    );
  });

  it("reads the room from the rparam query parameter and loads it from the main window", async () => {
    renderApp("#/chatRoom?rparam=%7B%22room%22%3A1%7D");
    expect(
      await screen.findByRole("main", { name: "대화방을 불러오는 중입니다" }),
    ).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
