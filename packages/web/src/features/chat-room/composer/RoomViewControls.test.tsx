/** Room window view settings as a user changes them: zoom keys, chat font size and opacity, remembered per user. */
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../i18n";
import { RoomViewControls } from "./RoomViewControls";
import { useRoomViewSettings } from "./use-room-view-settings";

const KIM = "kim.demo@moa.test";

function Room({ userKey }: { userKey: string | null }) {
  const view = useRoomViewSettings(userKey);
  return (
    <main aria-label="대화방" style={view.rootStyle}>
      <RoomViewControls view={view} />
    </main>
  );
}

function renderRoom(userKey: string | null = KIM) {
  const view = render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <Room userKey={userKey} />
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return {
    ...view,
    room: () => screen.getByRole("main", { name: "대화방" }),
    user: userEvent.setup(),
  };
}

/** The visible button of a font size; antd keeps the radio itself out of pointer reach. */
const fontSize = (name: string) =>
  screen.getByRole("radio", { name }).closest("label")!;

/** Presses a key with Ctrl anywhere in the window. */
const ctrl = (key: string, times = 1) => {
  for (let i = 0; i < times; i += 1)
    fireEvent.keyDown(window, { key, ctrlKey: true });
};

describe("room view settings", () => {
  it("zooms the room by 0.2 with Ctrl+plus and Ctrl+minus, within 60–200 %, and back with Ctrl+0", () => {
    const { room } = renderRoom();
    expect(room().style.zoom).toBe("1");
    ctrl("=");
    expect(room().style.zoom).toBe("1.2");
    ctrl("+", 10);
    expect(room().style.zoom).toBe("2");
    ctrl("0");
    expect(room().style.zoom).toBe("1");
    // The browser must not zoom as well, or both zooms multiply.
    expect(fireEvent.keyDown(window, { key: "-", ctrlKey: true })).toBe(false);
    ctrl("-", 10);
    expect(room().style.zoom).toBe("0.6");
  });

  it("leaves the zoom alone for the same keys without Ctrl", () => {
    const { room } = renderRoom();
    fireEvent.keyDown(window, { key: "+" });
    fireEvent.keyDown(window, { key: "0", ctrlKey: true, altKey: true });
    expect(room().style.zoom).toBe("1");
  });

  it("offers the zoom and chat font sizes in the view settings", async () => {
    const { room, user } = renderRoom();
    await user.click(screen.getByRole("button", { name: "보기 설정" }));
    expect(
      screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent),
    ).toEqual(["80%", "100%", "120%", "140%"]);
    await user.click(fontSize("120%"));
    expect(room().style.getPropertyValue("--moa-chat-font-size")).toBe("120%");
    await user.click(screen.getByRole("button", { name: "확대" }));
    expect(room().style.zoom).toBe("1.2");
    expect(
      screen.getByRole("group", { name: "화면 배율" }).textContent,
    ).toContain("120%");
    ctrl("=", 4);
    expect(screen.getByRole("button", { name: "확대" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("sets the window opacity in steps of 0.1, never below 0.1", () => {
    const { room } = renderRoom();
    const slider = screen.getByRole("slider", { name: "창 투명도" });
    expect(slider.getAttribute("aria-valuemin")).toBe("0.1");
    fireEvent.keyDown(slider, { key: "ArrowLeft", keyCode: 37 });
    expect(room().style.opacity).toBe("0.9");
    fireEvent.keyDown(slider, { key: "Home", keyCode: 36 });
    expect(room().style.opacity).toBe("0.1");
    expect(slider.getAttribute("aria-valuetext")).toBe("10%");
  });

  it("remembers the settings for the user in every new room window, not for another user", async () => {
    const first = renderRoom();
    ctrl("=");
    fireEvent.keyDown(screen.getByRole("slider", { name: "창 투명도" }), {
      key: "ArrowLeft",
      keyCode: 37,
    });
    await first.user.click(screen.getByRole("button", { name: "보기 설정" }));
    await first.user.click(fontSize("140%"));
    first.unmount();

    const again = renderRoom();
    expect(again.room().style.zoom).toBe("1.2");
    expect(again.room().style.opacity).toBe("0.9");
    expect(again.room().style.getPropertyValue("--moa-chat-font-size")).toBe(
      "140%",
    );
    again.unmount();

    const other = renderRoom("lee.demo@moa.test");
    expect(other.room().style.zoom).toBe("1");
    expect(other.room().style.opacity).toBe("1");
  });

  it("switches to the user's settings once the user is known", () => {
    window.localStorage.setItem(
      `moa.settings.${KIM}`,
      JSON.stringify({ zoom: 1.4, chatFontRatio: 80 }),
    );
    window.localStorage.setItem(
      `moa.roomView.${KIM}`,
      JSON.stringify({ opacity: 0.5 }),
    );
    const { room, rerender } = renderRoom(null);
    expect(room().style.zoom).toBe("1");
    rerender(
      <I18nextProvider i18n={createI18n("ko-KR")}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <AntdApp>
            <Room userKey={KIM} />
          </AntdApp>
        </ConfigProvider>
      </I18nextProvider>,
    );
    expect(room().style.zoom).toBe("1.4");
    expect(room().style.opacity).toBe("0.5");
  });

  it("brings a stored opacity back into range and replaces unreadable zoom and font sizes by the defaults", () => {
    window.localStorage.setItem(
      `moa.settings.${KIM}`,
      JSON.stringify({ zoom: 9, chatFontRatio: 95 }),
    );
    window.localStorage.setItem(
      `moa.roomView.${KIM}`,
      JSON.stringify({ opacity: 0 }),
    );
    const { room } = renderRoom();
    expect(room().style.zoom).toBe("1");
    expect(room().style.opacity).toBe("0.1");
    expect(room().style.getPropertyValue("--moa-chat-font-size")).toBe("100%");
  });
});
