/** The new-message toast always goes away: after its time, and at once when a window whose timers were held back shows. */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEW_MESSAGE_TOAST_DURATION_MS } from "@moa/shared";
import { createI18n } from "../../i18n";
import { NewMessageToast } from "./NewMessageToast";

function renderToast() {
  const onExpire = vi.fn();
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <NewMessageToast
        count={2}
        preview="김민수: 안녕하세요"
        expiresAt={Date.now() + NEW_MESSAGE_TOAST_DURATION_MS}
        onExpire={onExpire}
        onShow={() => undefined}
      />
    </I18nextProvider>,
  );
  return onExpire;
}

describe("NewMessageToast", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 2, 3, 1, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the count and preview, and expires after its time", () => {
    const onExpire = renderToast();
    expect(screen.getByRole("status").textContent).toBe(
      "새 메시지 2개김민수: 안녕하세요",
    );
    act(() => {
      vi.advanceTimersByTime(NEW_MESSAGE_TOAST_DURATION_MS - 1);
    });
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onExpire).toHaveBeenCalled();
  });

  it("expires when its window shows again or gets focus, even if the browser held its timer back", () => {
    const onExpire = renderToast();
    // A hidden window's timers may run a minute late: time passes, the timer has not run.
    vi.setSystemTime(Date.now() + 30_000);
    fireEvent(document, new Event("visibilitychange"));
    expect(onExpire).toHaveBeenCalledTimes(1);
    fireEvent.focus(window);
    expect(onExpire).toHaveBeenCalledTimes(2);
  });
});
