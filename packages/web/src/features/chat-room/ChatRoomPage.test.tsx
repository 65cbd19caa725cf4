/**
 * The room window as a user sees it, with the main window played over a memory bridge: the context menu per message
 * kind, the delete window, Ctrl+F search with previous/next, unread counts dropping as members read, system lines
 * and news cards.
 */
import {
  createBridge,
  createMemoryHub,
  type Bridge,
  type BridgeEvents,
} from "@moa/shared";
import {
  act,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { BridgeProvider } from "../../lib/bridge";
import { ChatRoomPage } from "./ChatRoomPage";
import { RoomClockContext } from "./room-clock";

type Message = BridgeEvents["message:added"]["message"];
type Snapshot = BridgeEvents["room:initialized"];

const ME = "me.demo@chat.moa.test";
const KIM = "kim.demo@chat.moa.test";
const LEE = "lee.demo@chat.moa.test";
const T0 = Date.UTC(2025, 2, 3, 1, 0);

const member = (jid: string, name: string, watch = 0) => ({
  jid,
  name,
  nickname: "",
  position: "",
  deptName: "",
  imageUrl: "",
  affiliation: "owner" as const,
  presence: "off" as const,
  watch: String(watch),
});

function message(
  minutes: number,
  sender: string,
  text: string,
  extra: Partial<Message> = {},
): Message {
  return {
    key: String(T0 + minutes * 60_000),
    roomName: "pc_team",
    senderJid: sender,
    senderName: sender === KIM ? "김민수" : sender === LEE ? "이영희" : "나",
    text,
    contentType: "TALK",
    isDel: false,
    isLongMsg: false,
    ...extra,
  };
}

function renderRoom({
  messages,
  room = {},
  now = T0 + 60 * 60_000,
}: {
  messages: Message[];
  room?: Partial<Snapshot>;
  now?: number;
}) {
  window.history.replaceState(null, "", "/#/chatRoom?rparam=pc_team");
  const hub = createMemoryHub();
  const main: Bridge = createBridge("main", hub.connect());
  const win = createBridge("room:pc_team", hub.connect());
  const snapshot: Snapshot = {
    roomName: "pc_team",
    title: "개발팀",
    roomType: 2,
    alarmOn: true,
    members: [member(ME, "나"), member(KIM, "김민수"), member(LEE, "이영희")],
    ...room,
  };
  const deleted = vi.fn(() => ({ deleted: true }));
  main.handle("room:enter", () => snapshot);
  main.handle("me:get", () => ({
    jid: ME,
    loginId: "me",
    name: "나",
    nickname: "",
    position: "",
    deptName: "",
    photoUrl: "",
    freeUser: false,
    presence: "on",
  }));
  main.handle("messages:fetch", () => ({ messages, reachedFirst: true }));
  main.handle("message:delete", deleted);
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <BridgeProvider bridge={win}>
            <RoomClockContext value={() => now}>
              <VirtuosoMockContext
                value={{ viewportHeight: 5000, itemHeight: 40 }}
              >
                <ChatRoomPage />
              </VirtuosoMockContext>
            </RoomClockContext>
          </BridgeProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { main, deleted, user: userEvent.setup() };
}

// The first render of a file (antd, i18n and the bridge warming up) takes seconds on a loaded machine.
const FIRST_RENDER_MS = 10_000;
const list = () =>
  screen.findByRole("list", { name: "메시지" }, { timeout: FIRST_RENDER_MS });
// Role queries walk the whole accessibility tree: slow in jsdom once antd menus pile up, so bubbles are found by class.
const bubbleOf = async (text: string) => {
  await list();
  return [...document.querySelectorAll(".moa-msg__bubble")].find(
    (a) => a.textContent === text,
  )!;
};

/** Right-clicks a message bubble and waits for the open menu to list exactly these items. */
async function expectMenu(bubble: Element, items: readonly string[]) {
  fireEvent.contextMenu(bubble);
  // One menu serves the whole list: the open one is the menu that is not hidden.
  await waitFor(() => {
    const open = document.querySelector(
      ".ant-dropdown:not(.ant-dropdown-hidden) [role=menu]",
    );
    expect(
      open
        ? within(open as HTMLElement)
            .getAllByRole("menuitem")
            .map((i) => i.textContent)
        : [],
    ).toEqual(items);
  });
}

// antd menus and dialogs render slowly in jsdom; a loaded machine needs more than the default 5 s.
describe("ChatRoomPage", { timeout: 20_000 }, () => {
  it("offers select all, copy and reply on others' messages, and delete too on own text", async () => {
    renderRoom({
      messages: [
        message(1, KIM, "김민수의 글"),
        message(3, ME, "내 글"),
        message(5, ME, "", { isDel: true }),
      ],
    });
    await expectMenu(await bubbleOf("김민수의 글"), [
      "전체 선택",
      "복사",
      "답장",
    ]);
    await expectMenu(await bubbleOf("내 글"), [
      "전체 선택",
      "복사",
      "답장",
      "삭제",
    ]);
    await expectMenu(await bubbleOf("삭제된 메시지입니다."), ["전체 선택"]);
  });

  it("offers select all, reply and delete (no copy) on own files, and copy on others' files", async () => {
    const file = (name: string) => ({
      contentType: "FILE" as const,
      file: { fileName: name, fileSize: 10 },
    });
    renderRoom({
      messages: [
        message(2, KIM, "보고서.pdf", file("보고서.pdf")),
        message(4, ME, "예산.xlsx", file("예산.xlsx")),
      ],
    });
    await list();
    const bubbles = [...document.querySelectorAll(".moa-msg__bubble")];
    const theirs = bubbles.find((b) => b.textContent.includes("보고서.pdf"))!;
    const mine = bubbles.find((b) => b.textContent.includes("예산.xlsx"))!;
    await expectMenu(theirs, ["전체 선택", "복사", "답장"]);
    await expectMenu(mine, ["전체 선택", "답장", "삭제"]);
  });

  it("opens a message's menu from the keyboard; the message has the focus again after it, and reply moves it to the editor", async () => {
    const { user } = renderRoom({
      messages: [message(1, KIM, "김민수의 글")],
    });
    const bubble = (await bubbleOf("김민수의 글")) as HTMLElement;
    bubble.focus();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    await user.click(await screen.findByRole("menuitem", { name: "복사" }));
    await waitFor(() => {
      expect(document.activeElement).toBe(bubble);
    });

    await user.keyboard("{Shift>}{F10}{/Shift}");
    const replies = await screen.findAllByRole("menuitem", { name: "답장" });
    await user.click(replies.at(-1)!);
    await waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole("textbox", { name: "메시지 입력" }),
      );
    });
  });

  it("moves between messages with Page Down and Page Up", async () => {
    const { user } = renderRoom({
      messages: [message(1, KIM, "첫 글"), message(2, ME, "둘째 글")],
    });
    const first = (await bubbleOf("첫 글")) as HTMLElement;
    const second = (await bubbleOf("둘째 글")) as HTMLElement;
    first.focus();
    await user.keyboard("{PageDown}");
    expect(document.activeElement).toBe(second);
    // The last message stays focused: there is none after it.
    await user.keyboard("{PageDown}");
    expect(document.activeElement).toBe(second);
    await user.keyboard("{PageUp}");
    expect(document.activeElement).toBe(first);
  });

  it("deletes an own message after confirmation within 5 minutes, and refuses after", async () => {
    const fresh = message(58, ME, "방금 보낸 글");
    const old = message(54, ME, "6분 전 글");
    const { deleted, user } = renderRoom({ messages: [old, fresh] });

    fireEvent.contextMenu(await bubbleOf("6분 전 글"));
    await user.click(await screen.findByRole("menuitem", { name: "삭제" }));
    expect(
      await screen.findByText("5분 이내에 등록된 대화만 삭제할 수 있습니다."),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "확인" }));
    expect(deleted).not.toHaveBeenCalled();

    fireEvent.contextMenu(await bubbleOf("방금 보낸 글"));
    const items = await screen.findAllByRole("menuitem", { name: "삭제" });
    await user.click(items.at(-1)!);
    const dialog = await screen.findByRole("dialog", { name: "메시지 삭제" });
    await user.click(within(dialog).getByRole("button", { name: "삭제" }));
    await waitFor(() => {
      expect(deleted).toHaveBeenCalledWith(
        { roomName: "pc_team", messageKey: fresh.key },
        "room:pc_team",
      );
    });
    expect(await bubbleOf("삭제된 메시지입니다.")).toBeTruthy();
  });

  it("Ctrl+F highlights every match and previous/next move the current one, wrapping around", async () => {
    const { user } = renderRoom({
      messages: [
        message(1, KIM, "점심 메뉴 정해요"),
        message(2, LEE, "회의는 3시"),
        message(3, KIM, "점심은 국밥, 저녁도 점심처럼"),
      ],
    });
    await list();
    fireEvent.keyDown(window, { key: "f", ctrlKey: true });
    const search = await screen.findByRole("search");
    const input = within(search).getByRole("textbox", { name: "검색어" });
    await waitFor(() => {
      expect(document.activeElement).toBe(input);
    });
    await user.type(input, "점심");
    const status = within(search).getByRole("status");
    const current = () =>
      document
        .querySelector('mark[aria-current="true"]')
        ?.closest("[role=article]")?.textContent;
    expect(status.textContent).toBe("3/3");
    expect(document.querySelectorAll("mark")).toHaveLength(3);
    expect(current()).toBe("점심은 국밥, 저녁도 점심처럼");

    await user.click(within(search).getByRole("button", { name: "이전 결과" }));
    expect(status.textContent).toBe("2/3");
    await user.click(within(search).getByRole("button", { name: "이전 결과" }));
    expect(status.textContent).toBe("1/3");
    expect(current()).toBe("점심 메뉴 정해요");
    await user.click(within(search).getByRole("button", { name: "이전 결과" }));
    expect(status.textContent).toBe("3/3");
    await user.click(within(search).getByRole("button", { name: "다음 결과" }));
    expect(status.textContent).toBe("1/3");
    expect(document.querySelectorAll("mark[aria-current]")).toHaveLength(1);

    await user.clear(input);
    await user.type(input, "없는 말");
    expect(status.textContent).toBe("결과 없음");
    expect(document.querySelectorAll("mark")).toHaveLength(0);
  });

  it("shows how many have not read each message and lowers it as members read", async () => {
    const { main } = renderRoom({
      messages: [message(1, ME, "다들 확인해 주세요"), message(2, KIM, "네")],
      room: {
        members: [
          member(ME, "나", T0 + 3 * 60_000),
          member(KIM, "김민수", T0 + 2 * 60_000 + 1),
          member(LEE, "이영희"),
        ],
      },
    });
    const item = async (text: string) =>
      within(await list())
        .getAllByRole("listitem")
        .find(
          (li) => li.querySelector("[role=article]")?.textContent === text,
        )!;
    expect(
      within(await item("다들 확인해 주세요")).getByLabelText(
        "읽지 않은 사람 1명",
      ),
    ).toBeTruthy();
    expect(
      within(await item("네")).getByLabelText("읽지 않은 사람 1명"),
    ).toBeTruthy();

    act(() => {
      main.emit("room:watch-updated", {
        roomName: "pc_team",
        jid: LEE,
        watch: String(T0 + 5 * 60_000),
      });
    });
    await waitFor(async () => {
      expect(
        within(await item("다들 확인해 주세요")).queryByLabelText(
          /읽지 않은 사람/,
        ),
      ).toBeNull();
    });
    expect(
      within(await item("네")).queryByLabelText(/읽지 않은 사람/),
    ).toBeNull();
  });

  it("shows member events as centred lines", async () => {
    renderRoom({
      messages: [
        message(1, KIM, "", {
          contentType: "INVITE",
          event: { actor: KIM, targets: [LEE] },
        }),
      ],
    });
    expect(
      (await screen.findByRole("note", {}, { timeout: FIRST_RENDER_MS }))
        .textContent,
    ).toBe("김민수님이 이영희님을 초대했습니다.");
  });

  it("keeps the names of people who left (as the server sent them); a user nobody knows gets a placeholder", async () => {
    const PARK = "park.demo@chat.moa.test";
    const GHOST = "ghost.demo@chat.moa.test";
    const park = { jid: PARK, name: "박지성", position: "과장" };
    renderRoom({
      messages: [
        message(1, PARK, "먼저 갑니다", { senderName: "", people: [park] }),
        message(2, KIM, "", {
          contentType: "BAN",
          event: { actor: KIM, targets: [PARK, GHOST] },
          people: [{ jid: KIM, name: "김민수", position: "" }, park],
        }),
      ],
    });
    expect(
      (await screen.findByRole("note", {}, { timeout: FIRST_RENDER_MS }))
        .textContent,
    ).toBe("김민수님이 박지성, 알 수 없는 사용자님을 내보냈습니다.");
    expect(
      within(
        screen.getByRole("article", { name: "박지성님의 메시지" }),
      ).getByText("먼저 갑니다"),
    ).toBeTruthy();
    expect(screen.queryByText(/park\.demo|ghost\.demo/)).toBeNull();
  });

  it("highlights messages mentioning me and my @name; only http(s) and mailto addresses become safe links", async () => {
    renderRoom({
      messages: [
        message(1, KIM, "@나 확인 부탁해요 https://gw.example.com/doc?id=3.", {
          mentions: [ME],
        }),
        message(
          2,
          LEE,
          "@이영희 말고 mailto:help@example.com 로 javascript:alert(1) data:text/html,x",
          {
            mentions: [LEE],
          },
        ),
      ],
    });
    const mentioning = await screen.findByRole(
      "article",
      { name: "김민수님의 메시지, 나를 언급함" },
      { timeout: FIRST_RENDER_MS },
    );
    expect(within(mentioning).getByText("@나").tagName).toBe("STRONG");
    const link = within(mentioning).getByRole("link", {
      name: "https://gw.example.com/doc?id=3",
    });
    expect(link.getAttribute("href")).toBe("https://gw.example.com/doc?id=3");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");

    const other = screen.getByRole("article", { name: "이영희님의 메시지" });
    expect(
      within(other)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["mailto:help@example.com"]);
    expect(within(other).getByText(/javascript:alert\(1\)/).tagName).toBe(
      "SPAN",
    );
  });

  it("shows news entries as cards whose http(s) links are external links, with no composer and no menu", async () => {
    // The server makes news entries: they have no sender (docs/protocol.md §6).
    const entry = (minutes: number, alarm: NonNullable<Message["alarm"]>) =>
      message(minutes, "", alarm.title, {
        senderName: "",
        contentType: "ALROOM",
        alarm,
      });
    renderRoom({
      room: { roomType: 9, title: "알림", members: [member(ME, "나")] },
      messages: [
        entry(1, {
          title: "[결재 요청] 3월 법인카드",
          detail: "",
          senderDetail: "이서연 / 재무팀",
          link: "https://gw.example.com/approval/view?id=31",
        }),
        entry(2, {
          title: "4월 정기 점검 안내",
          detail: "4월 5일 02:00~04:00 점검이 있습니다.",
          senderDetail: "정보시스템팀",
          link: "http://gw.example.com/board/2",
        }),
        ...[
          "javascript:alert(1)",
          "data:text/html,<script>alert(1)</script>",
          "/mail/1",
          "//evil.example.com/x",
        ].map((link, i) =>
          entry(3 + i, {
            title: `링크 ${String(i)}`,
            detail: "",
            senderDetail: "",
            link,
          }),
        ),
      ],
    });
    const approval = await screen.findByRole(
      "article",
      { name: "[결재 요청] 3월 법인카드" },
      { timeout: FIRST_RENDER_MS },
    );
    expect(approval.textContent).toContain("이서연 / 재무팀");
    expect(document.querySelector(".moa-msg__sender")?.textContent).toBe(
      "알림",
    );
    const notice = screen.getByRole("article", { name: "4월 정기 점검 안내" });
    expect(notice.textContent).toContain(
      "4월 5일 02:00~04:00 점검이 있습니다.",
    );
    expect(notice.textContent).toContain("정보시스템팀");
    for (const [card, href] of [
      [approval, "https://gw.example.com/approval/view?id=31"],
      [notice, "http://gw.example.com/board/2"],
    ] as const) {
      const link = within(card).getByRole("link", { name: "바로 가기" });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    for (let i = 0; i < 4; i += 1)
      expect(
        within(
          screen.getByRole("article", { name: `링크 ${String(i)}` }),
        ).queryByRole("link"),
      ).toBeNull();
    expect(document.querySelectorAll("img, iframe")).toHaveLength(0);
    expect(screen.queryByRole("textbox", { name: "메시지 입력" })).toBeNull();
    expect(screen.queryByRole("button", { name: "대화방 메뉴" })).toBeNull();
  });

  it.each([false, true])(
    "offers the webhard button only where the user may use it (%s), and opens the webhard for this room",
    async (available) => {
      const { main, user } = renderRoom({ messages: [] });
      const asked = vi.fn(() => ({ available }));
      const opened = vi.fn(() => ({ opened: true, busy: false }));
      main.handle("webhard:get-availability", asked);
      main.handle("webhard:open", opened);
      await list();
      await waitFor(() => {
        expect(asked).toHaveBeenCalled();
      });
      const button = screen.queryByRole("button", { name: "웹하드" });
      if (!available) {
        expect(button).toBeNull();
        return;
      }
      await user.click(await screen.findByRole("button", { name: "웹하드" }));
      await waitFor(() => {
        expect(opened).toHaveBeenCalledWith(
          { roomName: "pc_team" },
          expect.anything(),
        );
      });
    },
  );
});
