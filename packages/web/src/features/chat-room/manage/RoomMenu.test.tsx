/**
 * The room window's management menu as a user sees it: items per room type, the setup tab only for the chief of a
 * project room, buttons per user kind, and the refusals spec §5 names. The main window is a fake over a memory bridge.
 */
import {
  createBridge,
  createMemoryHub,
  type BridgeEvents,
  type BridgeRequests,
  type BridgeResponses,
} from "@moa/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../../i18n";
import { BridgeProvider } from "../../../lib/bridge";
import { RoomMenu } from "./RoomMenu";

type Room = BridgeEvents["room:initialized"];
type Member = Room["members"][number];

// antd's popups and the memory bridge answer asynchronously; a loaded machine needs more than the default 1 s.
const WAIT = { timeout: 3000 };

const ME = "me.demo@chat.test";
const KIM = "kim.demo@chat.test";
const LEE = "lee.demo@chat.test";

function member(
  jid: string,
  name: string,
  affiliation: Member["affiliation"] = "owner",
): Member {
  return {
    jid,
    name,
    nickname: "",
    position: "",
    deptName: "",
    imageUrl: "",
    affiliation,
    presence: "off",
  };
}

function roomOf(roomType: Room["roomType"], members: Member[]): Room {
  return {
    roomName: "pc_room",
    title: "주간 회의",
    roomType,
    alarmOn: true,
    members,
  };
}

const group = () =>
  roomOf(2, [member(ME, "나"), member(KIM, "김민수"), member(LEE, "이서준")]);
const project = (chief: string) =>
  roomOf(
    3,
    [member(ME, "나"), member(KIM, "김민수"), member(LEE, "이서준")].map(
      (m) => ({
        ...m,
        affiliation: m.jid === chief ? "owner" : "admin",
      }),
    ),
  );

type Handlers = {
  [K in keyof BridgeRequests]?: (
    req: BridgeRequests[K],
  ) => BridgeResponses[K] | Promise<BridgeResponses[K]>;
};

function renderMenu(
  room: Room,
  {
    freeUser = false,
    handlers = {},
  }: { freeUser?: boolean; handlers?: Handlers } = {},
) {
  const hub = createMemoryHub();
  const main = createBridge("main", hub.connect());
  const window = createBridge(`room:${room.roomName}`, hub.connect());
  const calls: { type: string; payload: unknown }[] = [];
  const all: Handlers = {
    "me:get": () => ({
      jid: ME,
      loginId: "me",
      name: "나",
      nickname: "",
      position: "",
      deptName: "",
      photoUrl: "",
      freeUser,
      presence: "on",
    }),
    "room:get-details": () => ({
      title: room.title,
      myRoomName: "",
      roomType: room.roomType,
      createdAt: Date.UTC(2024, 4, 1, 5, 3),
      members: room.members,
    }),
    "room:list-files": () => ({ files: [] }),
    ...handlers,
  };
  for (const [type, fn] of Object.entries(all))
    main.handle(type as keyof BridgeRequests, (payload: unknown) => {
      calls.push({ type, payload });
      return (fn as (p: unknown) => never)(payload);
    });
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <BridgeProvider bridge={window}>
            <RoomMenu room={room} />
          </BridgeProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), calls };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "대화방 메뉴" }));
  return screen.findByRole("menu", {}, WAIT);
}

async function menuItems(user: ReturnType<typeof userEvent.setup>) {
  const menu = await openMenu(user);
  return within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent);
}

/** Waits until me:get was answered (the menu's user-specific parts depend on it). */
async function settle(calls: { type: string }[]) {
  await waitFor(() => {
    expect(calls.some((c) => c.type === "me:get")).toBe(true);
  }, WAIT);
}

async function openDialog(
  user: ReturnType<typeof userEvent.setup>,
  item: string,
  title: string | RegExp,
) {
  const menu = await openMenu(user);
  await user.click(within(menu).getByRole("menuitem", { name: item }));
  return screen.findByRole("dialog", { name: title }, WAIT);
}

describe("RoomMenu items", () => {
  it.each([
    ["group", group()],
    ["project", project(ME)],
    ["1:1", roomOf(1, [member(ME, "나"), member(KIM, "김민수")])],
  ])(
    "offers settings, members, save chat and leave in a %s room",
    async (_, room) => {
      const { user } = renderMenu(room);
      expect(await menuItems(user)).toEqual([
        "대화방 설정",
        "대화 상대",
        "대화 저장",
        "대화방 나가기",
      ]);
    },
  );

  it("has no leave item in the user's own self room", async () => {
    const { user } = renderMenu(roomOf(4, [member(ME, "나")]));
    expect(await menuItems(user)).toEqual([
      "대화방 설정",
      "대화 상대",
      "대화 저장",
    ]);
  });

  it("shows no menu at all in a news room", () => {
    renderMenu(roomOf(9, [member(ME, "나")]));
    expect(screen.queryByRole("button", { name: "대화방 메뉴" })).toBeNull();
  });
});

describe("room settings", () => {
  it.each([
    ["the chief of a project room", project(ME), true],
    ["a project room member who is not the chief", project(KIM), false],
    ["an owner of a group room", group(), false],
  ])(
    "offers the room setup tab only to the chief: tabs for %s",
    async (_, room, setup) => {
      const { user, calls } = renderMenu(room);
      await settle(calls);
      const dialog = await openDialog(user, "대화방 설정", "대화방 설정");
      expect(
        within(dialog)
          .getAllByRole("tab")
          .map((tab) => tab.textContent),
      ).toEqual(
        setup
          ? ["대화방 정보", "대화방 관리", "파일 목록"]
          : ["대화방 정보", "파일 목록"],
      );
    },
  );

  it("kicks out the ticked members after confirmation, and the button waits for a choice", async () => {
    const QUESTION = "이서준님을 대화방에서 내보내시겠습니까?";
    // The test id generator gives every dialog the same label id, so the confirmation is found by its question.
    const confirmation = async () => {
      await screen.findByText(QUESTION, {}, WAIT);
      return screen
        .getAllByRole("dialog")
        .find((d) => within(d).queryByText(QUESTION))!;
    };
    const kick = vi.fn(({ jids }: BridgeRequests["room:kick-out"]) => ({
      expelled: jids.length,
    }));
    const { user, calls } = renderMenu(project(ME), {
      handlers: { "room:kick-out": kick },
    });
    await settle(calls);
    const dialog = await openDialog(user, "대화방 설정", "대화방 설정");
    await user.click(within(dialog).getByRole("tab", { name: "대화방 관리" }));
    const button = within(dialog).getByRole("button", { name: "내보내기" });
    expect(button).toHaveProperty("disabled", true);
    const list = within(dialog).getByRole("group", {
      name: "내보낼 대화 상대",
    });
    await user.click(within(list).getByRole("checkbox", { name: "이서준" }));
    // Cancelling the confirmation kicks nobody.
    await user.click(button);
    await user.click(
      within(await confirmation()).getByRole("button", { name: "취소" }),
    );
    await waitFor(() => {
      expect(screen.queryByText(QUESTION)).toBeNull();
    });
    expect(kick).not.toHaveBeenCalled();

    await user.click(button);
    await user.click(
      within(await confirmation()).getByRole("button", { name: "내보내기" }),
    );
    await waitFor(() => {
      expect(kick).toHaveBeenCalledWith({ roomName: "pc_room", jids: [LEE] });
    });
    expect(await screen.findByText("1명 중 1명을 내보냈습니다.")).toBeTruthy();
  }, 20_000);

  it("saves the own room name of at most 20 characters with its x/20 counter", async () => {
    const rename = vi.fn(() => ({ saved: true }));
    const { user, calls } = renderMenu(group(), {
      handlers: { "room:rename": rename },
    });
    await settle(calls);
    const dialog = await openDialog(user, "대화방 설정", "대화방 설정");
    const field = await within(dialog).findByRole("textbox", {
      name: "내가 보는 대화방 이름",
    });
    await user.type(field, "가나다라마바사아자차카타파하가나다라마바사아");
    expect((field as HTMLInputElement).value).toBe(
      "가나다라마바사아자차카타파하가나다라마바",
    );
    expect(within(dialog).getByText("20/20")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "저장" }));
    await waitFor(() => {
      expect(rename).toHaveBeenCalledWith({
        roomName: "pc_room",
        title: "가나다라마바사아자차카타파하가나다라마바",
      });
    });
  });
});

describe("member list", () => {
  it("shows invite, mail, note and call to an ordinary user", async () => {
    const { user, calls } = renderMenu(group());
    await settle(calls);
    const dialog = await openDialog(user, "대화 상대", /대화 상대 \(3명\)/);
    expect(
      within(dialog).getByRole("list", { name: "대화 상대 목록" }).children,
    ).toHaveLength(3);
    for (const name of ["초대", "메일", "쪽지", "전화"])
      expect(within(dialog).getByRole("button", { name })).toBeTruthy();
  });

  it("hides mail and call from a free user", async () => {
    const { user, calls } = renderMenu(group(), { freeUser: true });
    await settle(calls);
    const dialog = await openDialog(user, "대화 상대", /대화 상대/);
    await within(dialog).findByRole("button", { name: "쪽지" });
    expect(within(dialog).queryByRole("button", { name: "메일" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "전화" })).toBeNull();
  });

  it("hides invite in the self room", async () => {
    const { user, calls } = renderMenu(roomOf(4, [member(ME, "나")]));
    await settle(calls);
    const dialog = await openDialog(user, "대화 상대", /대화 상대/);
    await within(dialog).findByRole("button", { name: "쪽지" });
    expect(within(dialog).queryByRole("button", { name: "초대" })).toBeNull();
  });

  it("marks the chief of a project room", async () => {
    const { user, calls } = renderMenu(project(KIM));
    await settle(calls);
    const dialog = await openDialog(user, "대화 상대", /대화 상대/);
    const kim = within(dialog)
      .getAllByRole("listitem")
      .find((row) => row.textContent.includes("김민수"));
    expect(kim?.textContent).toContain("방장");
  });

  it("tells a member who is not the chief that only the room manager invites in a project room", async () => {
    const { user, calls } = renderMenu(project(KIM));
    await settle(calls);
    const dialog = await openDialog(user, "대화 상대", /대화 상대/);
    await user.click(within(dialog).getByRole("button", { name: "초대" }));
    expect(
      await screen.findByText("방장만 대화 상대를 초대할 수 있습니다."),
    ).toBeTruthy();
    expect(calls.some((c) => c.type === "org:get")).toBe(false);
  });
});

describe("leave and save", () => {
  it("keeps the chief of a project room in while others remain, without asking the main window", async () => {
    const { user, calls } = renderMenu(project(ME));
    await settle(calls);
    const menu = await openMenu(user);
    await user.click(
      within(menu).getByRole("menuitem", { name: "대화방 나가기" }),
    );
    expect(
      await screen.findByText(
        /방장은 다른 대화 상대가 있는 동안 프로젝트 대화방을 나갈 수 없습니다/,
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.type === "room:leave")).toBe(false);
  });

  it("asks before leaving a group room, then leaves", async () => {
    const leave = vi.fn(() => ({ left: true }));
    const close = vi.spyOn(window, "close").mockImplementation(() => undefined);
    const { user, calls } = renderMenu(group(), {
      handlers: { "room:leave": leave },
    });
    await settle(calls);
    const menu = await openMenu(user);
    await user.click(
      within(menu).getByRole("menuitem", { name: "대화방 나가기" }),
    );
    const confirm = await screen.findByRole("dialog", {
      name: "대화방 나가기",
    });
    await user.click(within(confirm).getByRole("button", { name: "확인" }));
    await waitFor(() => {
      expect(close).toHaveBeenCalled();
    });
    expect(leave).toHaveBeenCalledWith({ roomName: "pc_room" });
    close.mockRestore();
  });

  it("says there is nothing to save in a room without messages", async () => {
    const { user, calls } = renderMenu(group(), {
      handlers: { "chat:save": () => ({ saved: false, reason: "noData" }) },
    });
    await settle(calls);
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole("menuitem", { name: "대화 저장" }));
    expect(
      await screen.findByText("저장할 대화 내용이 없습니다."),
    ).toBeTruthy();
  });
});
