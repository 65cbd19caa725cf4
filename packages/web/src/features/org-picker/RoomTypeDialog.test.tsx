/** The room-type dialog: GROUP by default, a required title of at most 20 characters and its x/20 counter. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { RoomTypeDialog } from "./RoomTypeDialog";

function renderDialog() {
  const onConfirm = vi.fn();
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <RoomTypeDialog open onConfirm={onConfirm} onCancel={vi.fn()} />
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: "대화방 만들기" });
  return {
    onConfirm,
    dialog,
    title: within(dialog).getByRole("textbox", { name: "대화방 이름" }),
  };
}

describe("RoomTypeDialog", () => {
  it("asks for a title (CH.A.023) before creating", async () => {
    const { dialog, title, onConfirm } = renderDialog();
    expect(within(dialog).getByText("0/20")).toBeTruthy();
    await userEvent.type(title, "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    expect(
      await screen.findByText("대화방 이름을 입력해 주세요."),
    ).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("counts characters up to 20 and keeps no more", async () => {
    const { dialog, title } = renderDialog();
    await userEvent.type(title, "주간 회의");
    expect(within(dialog).getByText("5/20")).toBeTruthy();
    await userEvent.type(title, "가".repeat(30));
    expect((title as HTMLInputElement).value).toBe(
      `주간 회의${"가".repeat(15)}`,
    );
    expect(within(dialog).getByText("20/20")).toBeTruthy();
  });

  it("creates a group room by default, or a project room when chosen, with the trimmed title", async () => {
    const { dialog, title, onConfirm } = renderDialog();
    expect(
      within(dialog).getByRole<HTMLInputElement>("radio", { name: "그룹" })
        .checked,
    ).toBe(true);
    await userEvent.type(title, " 신제품 TF ");
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    expect(onConfirm).toHaveBeenLastCalledWith({ type: 2, title: "신제품 TF" });

    await userEvent.click(
      within(dialog).getByRole("radio", { name: "프로젝트" }),
    );
    await userEvent.type(title, "{Enter}");
    expect(onConfirm).toHaveBeenLastCalledWith({ type: 3, title: "신제품 TF" });
  });
});
