/**
 * The alarm settings dialog as a user sees it (spec §2.3, §3 toastAlarm, §6): the defaults, kinds the company does not
 * use disabled, a free user's four kinds, and a change stored and told to the other windows.
 */
import {
  createBridge,
  createMemoryHub,
  type BridgeEvents,
  type UserInfo,
} from "@moa/shared";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n";
import { BridgeProvider } from "../../lib/bridge";
import { SettingsProvider } from "../preferences";
import { SessionController, SessionProvider } from "../session";
import { AlarmSettingsDialog } from "./AlarmSettingsDialog";

const JID = "minsu.kim.demo.moa.test@chat.moa.test";
const ALL = {
  mailUsed: true,
  noteUsed: true,
  boardUsed: true,
  approvalUsed: true,
  journalUsed: true,
  calendarUsed: true,
  webdiskUsed: true,
  webfaxUsed: true,
};

function renderDialog({
  freeUser = false,
  flags = ALL,
}: { freeUser?: boolean; flags?: Record<string, boolean> } = {}) {
  const session = new SessionController({
    baseUrl: "http://moa.test",
    locale: () => "ko-kr",
  });
  session.store.setState({
    user: {
      messengerId: JID,
      freeUserYn: freeUser ? "Y" : "N",
    } as UserInfo,
  });
  const hub = createMemoryHub();
  const heard: BridgeEvents["settings:changed"][] = [];
  createBridge("room:r1", hub.connect()).on("settings:changed", (p) =>
    heard.push(p),
  );
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <SessionProvider controller={session}>
            <BridgeProvider bridge={createBridge("main", hub.connect())}>
              <SettingsProvider jid={JID}>
                <AlarmSettingsDialog
                  open
                  menuFlags={flags}
                  onClose={() => undefined}
                />
              </SettingsProvider>
            </BridgeProvider>
          </SessionProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: "알림 설정" });
  const box = (name: string) =>
    screen.getByRole<HTMLInputElement>("checkbox", { name });
  const states = () =>
    Object.fromEntries(
      [
        "메일",
        "쪽지",
        "대화",
        "게시판",
        "전자결재",
        "업무일지",
        "일정",
        "웹디스크",
        "웹팩스",
      ].map((name) => [
        name,
        `${box(name).checked ? "on" : "off"}${box(name).disabled ? " disabled" : ""}`,
      ]),
    );
  return { dialog, box, states, heard };
}

describe("alarm settings dialog", () => {
  it("has every kind on by default except web fax", () => {
    const { states } = renderDialog();
    expect(states()).toEqual({
      메일: "on",
      쪽지: "on",
      대화: "on",
      게시판: "on",
      전자결재: "on",
      업무일지: "on",
      일정: "on",
      웹디스크: "on",
      웹팩스: "off",
    });
  });

  it("disables and clears the kinds whose menu the company does not use", () => {
    const { states } = renderDialog({
      flags: { ...ALL, approvalUsed: false, webdiskUsed: false },
    });
    expect(states()).toMatchObject({
      전자결재: "off disabled",
      웹디스크: "off disabled",
      메일: "on",
    });
  });

  it("lets a free user configure only note, chat, board and calendar", () => {
    const { states } = renderDialog({ freeUser: true });
    expect(states()).toEqual({
      메일: "off disabled",
      쪽지: "on",
      대화: "on",
      게시판: "on",
      전자결재: "off disabled",
      업무일지: "off disabled",
      일정: "on",
      웹디스크: "off disabled",
      웹팩스: "off disabled",
    });
  });

  it("stores a change for the user, tells the other windows, and keeps popups open when asked", async () => {
    const { box, heard } = renderDialog();
    await userEvent.click(box("전자결재"));
    expect(box("전자결재").checked).toBe(false);
    await userEvent.click(screen.getByRole("switch", { name: "알림 창 유지" }));
    const stored = JSON.parse(
      window.localStorage.getItem(`moa.settings.${JID}`) ?? "{}",
    ) as { toastAlarm?: unknown; popupKeepYn?: unknown };
    expect(stored).toMatchObject({
      toastAlarm: { approval: false },
      popupKeepYn: "Y",
    });
    await waitFor(() => {
      expect(heard.at(-1)?.settings.popupKeepYn).toBe("Y");
    });
  });
});
