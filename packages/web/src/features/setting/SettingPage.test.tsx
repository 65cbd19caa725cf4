/**
 * The settings window as a user works it: each tab opens on demand, every change is stored for the user and announced
 * to the other windows (settings:changed), the self room goes to the main window (which keeps it on the server), and
 * the widget choice stops at six.
 */
import {
  createBridge,
  type BridgeEvents,
  type LocalSettings,
} from "@moa/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";

const JID = "minsu.kim.demo.moa.test@chat.moa.test";

function renderSettings({ selfRoom = true } = {}) {
  const app = renderApp("#/setting");
  const main = app.main;
  if (!main) throw new Error("the settings window needs a main window");
  main.handle("me:get", () => ({
    jid: JID,
    loginId: "minsu.kim",
    name: "김민수",
    nickname: "",
    position: "차장",
    deptName: "플랫폼팀",
    photoUrl: "",
    freeUser: false,
    presence: "on",
  }));
  const server = { selfRoom, calls: [] as boolean[] };
  main.handle("settings:get-server", () => ({
    useSelfRoom: server.selfRoom,
    // The company gives this user SMS but no web fax.
    menuFlags: { smsUsed: true, webfaxUsed: false },
  }));
  main.handle("settings:set-self-room", ({ on }) => {
    server.calls.push(on);
    server.selfRoom = on;
    return { on };
  });
  // Another open window: what it hears is what every room window would apply.
  const heard: BridgeEvents["settings:changed"][] = [];
  const room = createBridge("room:r1", app.hub.connect());
  room.on("settings:changed", (payload) => heard.push(payload));
  const stored = (): Partial<LocalSettings> =>
    JSON.parse(
      window.localStorage.getItem(`moa.settings.${JID}`) ?? "{}",
    ) as Partial<LocalSettings>;
  return { ...app, server, heard, stored, user: userEvent.setup() };
}

const openTab = async (name: string) => {
  await userEvent.click(await screen.findByRole("tab", { name }));
  return screen.findByRole("tabpanel", { name });
};

describe("settings window", () => {
  it("shows five tabs and the basic tab with the spec's defaults: away after 5 minutes, lock after 30", async () => {
    renderSettings();
    const panel = await screen.findByRole("tabpanel", { name: "기본" });
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "기본",
      "대화방",
      "알림음",
      "조직도",
      "기타",
    ]);
    expect(
      await within(panel).findByRole("spinbutton", {
        name: "자리 비움 전환 시간(분)",
      }),
    ).toHaveProperty("value", "5");
    expect(
      within(panel).getByRole("spinbutton", { name: "자동 잠금 시간(분)" }),
    ).toHaveProperty("value", "30");
    expect(
      within(panel).getByRole("switch", { name: "로그인 알림" }),
    ).toHaveProperty("ariaChecked", "false");
    expect(
      within(panel).getByRole("switch", { name: "자리 비움 자동 전환" }),
    ).toHaveProperty("ariaChecked", "true");
    // The other tabs load only when opened.
    expect(screen.queryByRole("tabpanel", { name: "기타" })).toBeNull();
  });

  it("stores a changed threshold for the user and tells the other windows; a switch off disables its minutes", async () => {
    const { heard, stored, user } = renderSettings();
    const panel = await screen.findByRole("tabpanel", { name: "기본" });
    const away = await within(panel).findByRole("spinbutton", {
      name: "자리 비움 전환 시간(분)",
    });
    await user.clear(away);
    await user.type(away, "12");
    await waitFor(() => {
      expect(stored().awayTime).toBe(12);
    });
    await waitFor(() => {
      expect(heard.at(-1)?.settings.awayTime).toBe(12);
    });
    expect(heard.at(-1)?.jid).toBe(JID);

    await user.click(within(panel).getByRole("switch", { name: "자동 잠금" }));
    expect(stored().lockTimeYn).toBe("N");
    expect(
      within(panel).getByRole("spinbutton", { name: "자동 잠금 시간(분)" }),
    ).toHaveProperty("disabled", true);

    await user.click(
      within(panel).getByRole("switch", { name: "로그인 알림" }),
    );
    await user.click(within(panel).getByText("조직 전체"));
    expect(stored()).toMatchObject({ loginNotiYn: "Y", loginNotiCd: "org" });
  });

  it("sets the chat font size and asks the main window to turn the self room off", async () => {
    const { server, stored, user } = renderSettings();
    const panel = await openTab("대화방");
    await user.click(await within(panel).findByText("120%"));
    expect(stored().chatFontRatio).toBe(120);
    const self = within(panel).getByRole("switch", {
      name: "나와의 채팅 사용",
    });
    await waitFor(() => {
      expect(self).toHaveProperty("disabled", false);
    });
    expect(self.getAttribute("aria-checked")).toBe("true");
    await user.click(self);
    await waitFor(() => {
      expect(self.getAttribute("aria-checked")).toBe("false");
    });
    expect(server.calls).toEqual([false]);
  });

  it("turns every sound off, which disables the per-event choices", async () => {
    const { stored, user } = renderSettings();
    const panel = await openTab("알림음");
    const chat = await within(panel).findByRole("checkbox", { name: "대화" });
    expect(chat).toHaveProperty("checked", true);
    await user.click(within(panel).getByRole("checkbox", { name: "파일" }));
    expect(stored().useSndCd).toEqual(["chat", "mail", "note", "file"]);
    await user.click(
      within(panel).getByRole("switch", { name: "모든 알림음 끄기" }),
    );
    expect(stored().allNotUseYn).toBe("Y");
    expect(chat).toHaveProperty("disabled", true);
    expect(
      within(panel).getByRole("button", { name: "대화 알림음 미리 듣기" }),
    ).toBeTruthy();
  });

  it("picks the org title mode and remembering the last location", async () => {
    const { stored, user } = renderSettings();
    const panel = await openTab("조직도");
    expect(
      await within(panel).findByRole("radio", { name: "회사 설정" }),
    ).toHaveProperty("checked", true);
    await user.click(within(panel).getByText("직책"));
    await user.click(
      within(panel).getByRole("switch", { name: "마지막 위치 기억" }),
    );
    expect(stored()).toMatchObject({ orgPrtCd: "tit", orgLastLocYn: "Y" });
  });

  it("allows at most six widgets, only those the company's menus allow, and sets the widget open mode and the incoming call options", async () => {
    const { stored, user } = renderSettings();
    const panel = await openTab("기타");
    await within(panel).findByText("위젯 선택 (6/6)");
    const sms = within(panel).getByRole("checkbox", { name: "문자" });
    // Six are chosen by default (spec §3): a seventh cannot be ticked until one is removed.
    expect(sms).toHaveProperty("disabled", true);
    await user.click(within(panel).getByRole("checkbox", { name: "홈" }));
    await waitFor(() => {
      expect(sms).toHaveProperty("disabled", false);
    });
    expect(
      within(panel).getByRole("checkbox", { name: "웹팩스" }),
    ).toHaveProperty("disabled", true);
    await user.click(sms);
    expect(stored().useWidgetCd).toEqual([1, 2, 3, 4, 5, 9]);

    await user.click(within(panel).getByText("미니 창"));
    expect(stored().widgetOpenCd).toBe("mini");
    await user.click(within(panel).getByText("기타(영업 고객)"));
    expect(stored().rcvCallTargetCd).toBe("other");
    fireEvent.click(
      within(panel).getByRole("switch", { name: "전화 수신 알림" }),
    );
    expect(stored().useRcvCallYn).toBe("N");
    expect(within(panel).getByRole("radio", { name: "주소록" })).toHaveProperty(
      "disabled",
      true,
    );
  });
});
