/**
 * The friend tab's modes as a user sees them, against a scripted friends API and presence subscription:
 * list (groups, the ungrouped bucket, online/total counts, search, collapsing stops following), mod (the spec §5 name
 * rules before any call, the server's refusal code, rename and delete) and org (the picker adding into a group).
 */
import { NS_MOA_PRESENCE } from "@moa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createChatServer } from "../../test/chat-server";
import { renderWithRest, type SentRequest } from "../../test/fake-rest";
import { ChatContext } from "../chat";
import { PresenceContext } from "../presence";
import { ChatSync } from "../chat/chat-sync";
import { PresenceFollower } from "../presence";
import { FriendTab } from "./FriendTab";

const jidOf = (id: string) => `${id}.demo.moa.test@chat.moa.test`;

const profile = (id: string, name: string) => ({
  type: "user",
  id,
  userKey: 1,
  messengerId: jidOf(id),
  deptUserKey: `d1_${id}`,
  user: {
    id,
    name,
    position: "사원",
    title: "팀원",
    email: "",
    loginEmailId: "",
    photo: { fullUrl: "" },
    department: { id: "d1", name: "개발팀", company: { name: "모아테크" } },
  },
  contact: {
    personal: { mobile: "" },
    business: { phone: "", extension: "" },
  },
  messenger: { nickname: "" },
  property: { jobDescription: "" },
  freeUserYn: "N",
  crxUserYn: "N",
});

const friend = (id: string, name: string, groupId: number | null) => ({
  id,
  group: { id: groupId },
  messengerId: jidOf(id),
  profile: profile(id, name),
});

/** A scripted friends API over mutable groups; `refuse` answers a group call with ErrorCode 01. */
function friendsApi(opts: { refuse?: string } = {}) {
  const groups = [
    { id: 1, name: "프로젝트팀" },
    { id: 2, name: "디자인" },
  ];
  const friends = [
    friend("jaewon", "윤재원", 1),
    friend("seongmin", "강성민", 1),
    friend("jimin", "한지민", null),
  ];
  return (req: SentRequest): unknown => {
    if (req.path === "/api/v1/chat/home/group.json")
      return {
        ErrorCode: "00",
        content: groups.map((g) => ({
          ...g,
          messengerId: "me",
          friends: friends.filter((f) => f.group.id === g.id).map((f) => f.id),
        })),
      };
    if (req.path === "/api/v1/chat/home/relation.json")
      return { ErrorCode: "00", content: friends };
    if (req.path.startsWith("/api/v1/chat/home/group/")) {
      if (opts.refuse) return { ErrorCode: "01", ErrorMsg: opts.refuse };
      const { name } = (req.body ?? {}) as { name?: string };
      if (req.method === "POST") {
        groups.push({ id: groups.length + 1, name: name ?? "" });
        return { ErrorCode: "00", result: { success: true } };
      }
      const id = Number(/group\/(\d+)/.exec(req.path)?.[1]);
      const index = groups.findIndex((g) => g.id === id);
      if (req.method === "PUT" && groups[index])
        groups[index].name = name ?? "";
      if (req.method === "DELETE") groups.splice(index, 1);
      return { ErrorCode: "00", result: { success: true } };
    }
    return undefined;
  };
}

/** Presence answers: 윤재원 is on the web client; every subscription is recorded. */
function presenceTransport() {
  const subscriptions: string[][] = [];
  const transport = {
    sendIq: (iq: Element) => {
      const jids = [...iq.getElementsByTagName("item")].map(
        (i) => i.getAttribute("jid") ?? "",
      );
      subscriptions.push(jids);
      const online = jids.includes(jidOf("jaewon"))
        ? `<item jid="${jidOf("jaewon")}" target="webchat"/>`
        : "";
      return Promise.resolve(
        new DOMParser().parseFromString(
          `<iq type="result"><subscribe xmlns="${NS_MOA_PRESENCE}">${online}</subscribe></iq>`,
          "text/xml",
        ).documentElement,
      );
    },
    onPresence: () => () => undefined,
    onResume: () => () => undefined,
  };
  return { transport, subscriptions };
}

function renderTab(
  opts: {
    refuse?: string;
    search?: string;
    onOpenUser?: (id: string) => void;
  } = {},
) {
  const { transport, subscriptions } = presenceTransport();
  const follower = new PresenceFollower(transport);
  const sync = new ChatSync(createChatServer([]).transport);
  const rest = renderWithRest(
    <ChatContext value={sync}>
      <PresenceContext value={follower}>
        <FriendTab search={opts.search ?? ""} onOpenUser={opts.onOpenUser} />
      </PresenceContext>
    </ChatContext>,
    friendsApi(opts),
  );
  return { ...rest, subscriptions };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("FriendTab", { timeout: 30_000 }, () => {
  it("lists the groups with their friends, the ungrouped ones last, and counts who is online", async () => {
    const onOpenUser = vi.fn();
    const user = userEvent.setup();
    renderTab({ onOpenUser });
    const team = await screen.findByRole(
      "list",
      { name: "프로젝트팀" },
      { timeout: 5000 },
    );
    expect(
      within(team)
        .getAllByRole("button", { name: /정보 열기$/ })
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["강성민 정보 열기", "윤재원 정보 열기"]);
    screen.getByRole("list", { name: "그룹 없음" });
    await screen.findByRole("button", { name: "프로젝트팀 2명 중 1명 접속" });
    within(team).getByRole("img", { name: "웹 접속" });
    screen.getByRole("button", { name: "디자인 0명 중 0명 접속" });

    await user.dblClick(
      within(team).getByRole("button", { name: "윤재원 정보 열기" }),
    );
    expect(onOpenUser).toHaveBeenCalledWith(jidOf("jaewon"));
  });

  it("follows only the friends of expanded groups", async () => {
    const user = userEvent.setup();
    const { subscriptions } = renderTab();
    await screen.findByRole(
      "button",
      { name: "프로젝트팀 2명 중 1명 접속" },
      { timeout: 5000 },
    );
    await waitFor(() => {
      expect(subscriptions.at(-1)?.sort()).toEqual(
        [jidOf("jaewon"), jidOf("jimin"), jidOf("seongmin")].sort(),
      );
    });
    await user.click(
      screen.getByRole("button", { name: "프로젝트팀 2명 중 1명 접속" }),
    );
    await screen.findByRole("button", { name: "프로젝트팀 2명" });
    expect(screen.queryByRole("list", { name: "프로젝트팀" })).toBeNull();
    await waitFor(() => {
      expect(subscriptions.at(-1)).toEqual([jidOf("jimin")]);
    });
  });

  it("narrows the friends by the header search", async () => {
    renderTab({ search: "재원" });
    const team = await screen.findByRole("list", { name: "프로젝트팀" });
    expect(
      within(team).getAllByRole("button", { name: /정보 열기$/ }),
    ).toHaveLength(1);
    expect(screen.queryByRole("list", { name: "그룹 없음" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^디자인/ })).toBeNull();
  });

  it("edit mode refuses a name over 50 characters and a duplicate before calling, then adds, renames and deletes", async () => {
    const user = userEvent.setup();
    const { sent } = renderTab();
    await user.click(await screen.findByRole("button", { name: "그룹 편집" }));
    const name = screen.getByRole("textbox", { name: "새 그룹 이름" });
    const groupCalls = () =>
      sent.filter((r) => r.path.startsWith("/api/v1/chat/home/group/"));

    await user.click(name);
    await user.paste("가".repeat(51));
    await user.click(screen.getByRole("button", { name: "그룹 추가" }));
    await screen.findByText("그룹 이름은 50자까지 입력할 수 있습니다.");
    await user.clear(name);
    await user.type(name, "디자인");
    await user.click(screen.getByRole("button", { name: "그룹 추가" }));
    await screen.findByText("이미 같은 이름의 그룹이 있습니다.");
    expect(groupCalls()).toEqual([]);

    await user.clear(name);
    await user.type(name, "영업");
    await user.click(screen.getByRole("button", { name: "그룹 추가" }));
    await screen.findByRole("textbox", { name: "영업 그룹 이름" });

    const rename = screen.getByRole("textbox", { name: "디자인 그룹 이름" });
    await user.clear(rename);
    await user.type(rename, "디자인랩");
    await user.click(screen.getByRole("button", { name: "디자인 이름 저장" }));
    await screen.findByRole("textbox", { name: "디자인랩 그룹 이름" });

    await user.click(screen.getByRole("button", { name: "영업 삭제" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", {
        name: "확인",
      }),
    );
    await waitFor(() => {
      expect(
        screen.queryByRole("textbox", { name: "영업 그룹 이름" }),
      ).toBeNull();
    });
    expect(groupCalls().map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/v1/chat/home/group/new.json",
      "PUT /api/v1/chat/home/group/2/edit.json",
      "DELETE /api/v1/chat/home/group/3/edit.json",
    ]);

    await user.click(screen.getByRole("button", { name: "편집 완료" }));
    await screen.findByRole("button", { name: "디자인랩 0명 중 0명 접속" });
  });

  it("shows the server's refusal code of a group change", async () => {
    const user = userEvent.setup();
    renderTab({ refuse: "FR.GS.A.011" });
    await user.click(await screen.findByRole("button", { name: "그룹 편집" }));
    await user.type(
      screen.getByRole("textbox", { name: "새 그룹 이름" }),
      "새 그룹",
    );
    await user.click(screen.getByRole("button", { name: "그룹 추가" }));
    await screen.findByText("이미 같은 이름의 그룹이 있습니다.");
  });

  it("org mode opens the org picker for the chosen group and returns to the list on cancel", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(
      await screen.findByRole("button", { name: "프로젝트팀에 친구 추가" }),
    );
    const picker = await screen.findByRole("dialog", { name: "친구 추가" });
    await user.click(within(picker).getByRole("button", { name: "취소" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "친구 추가" })).toBeNull();
    });
    screen.getByRole("list", { name: "프로젝트팀" });
  });
});
