/**
 * The org tab as a user works it: the tree opens at the own department, departments open and close, names carry the
 * position or the title by the title mode, the virtual branch follows the company setting, the search-result tree,
 * the last location, presence followed for the rows shown only, and a person opening the user card.
 */
import {
  DEFAULT_LOCAL_SETTINGS,
  type LocalSettingsPatch,
  type OrgDepartment,
  type OrgTreeResponse,
  type OrgUser,
} from "@moa/shared";
import { NS_MOA_PRESENCE } from "@moa/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import { PresenceContext, PresenceFollower } from "../presence";
import { SessionController, SessionProvider } from "../session";
import { clearOrgTree, setOrgTree } from "../session/org-cache";
import { UserCardContext } from "../user-card";
import { SettingsContext } from "../preferences";
import { OrgTab } from "./OrgTab";

const DOMAIN = "chat.moa.test";

function person(
  id: string,
  name: string,
  position: string,
  title: string,
  dept: string,
): OrgUser {
  return {
    type: "user",
    id,
    userKey: 1,
    messengerId: `${id}@${DOMAIN}`,
    deptUserKey: `${dept}_${id}`,
    user: {
      id,
      name,
      position,
      title,
      email: `${id}@moa.test`,
      loginEmailId: id,
      photo: { fullUrl: "" },
      department: { id: dept, name: dept, company: { name: "모아테크" } },
    },
    contact: {
      personal: { mobile: "" },
      business: { phone: "", extension: "" },
    },
    messenger: { nickname: "" },
    property: { jobDescription: "" },
    freeUserYn: "N",
    crxUserYn: "N",
  };
}

function dept(
  key: string,
  name: string,
  order: number,
  userList: OrgUser[],
  child: OrgDepartment[] = [],
  extra: Partial<OrgDepartment> = {},
): OrgDepartment {
  return {
    type: "dept",
    key,
    name,
    order,
    isVirtual: false,
    isOpen: false,
    isShow: true,
    userList,
    child,
    ...extra,
  };
}

const CEO = person("ceo", "나대표", "대표이사", "대표", "moa");
const KIM = person("minsu.kim", "김민수", "차장", "팀원", "platform");
const PARK = person("jiwoo.park", "박지우", "과장", "팀원", "platform");
const HEAD = person("dev.head", "이본부", "전무", "본부장", "dev");
const SALES = person("sales.one", "최영업", "대리", "팀원", "sales");
const TF = person("tf.lead", "정가상", "차장", "TF장", "tf");
const HIDDEN = person("hidden.one", "숨은이", "사원", "팀원", "hidden");

const TREE: OrgTreeResponse = {
  ErrorCode: "00",
  orgVersion: 1,
  userCount: 7,
  tree: [
    dept(
      "moa",
      "모아테크",
      0,
      [CEO],
      [
        dept("sales", "영업본부", 2, [SALES]),
        dept(
          "dev",
          "개발본부",
          1,
          [HEAD],
          [dept("platform", "플랫폼팀", 1, [KIM, PARK])],
        ),
        dept("tf", "차세대 TF", 9, [TF], [], { isVirtual: true }),
        dept("hidden", "숨은부서", 10, [HIDDEN], [], { isShow: false }),
      ],
    ),
  ],
};

/** A follower over a scripted connection that records every subscription it sends. */
function recordingFollower() {
  const sent: string[][] = [];
  const follower = new PresenceFollower({
    sendIq: (iq) => {
      sent.push(
        [...iq.getElementsByTagName("item")].map(
          (i) => i.getAttribute("jid") ?? "",
        ),
      );
      return Promise.resolve(
        new DOMParser().parseFromString(
          `<iq xmlns="jabber:client" type="result"><subscribe xmlns="${NS_MOA_PRESENCE}"/></iq>`,
          "text/xml",
        ).documentElement,
      );
    },
    onPresence: () => () => undefined,
    onResume: () => () => undefined,
  });
  return { follower, sent };
}

function renderTab({
  search = "",
  virtualBranch = false,
  settings = {},
}: {
  search?: string;
  virtualBranch?: boolean;
  settings?: LocalSettingsPatch;
} = {}) {
  setOrgTree(TREE, virtualBranch);
  const session = new SessionController({
    baseUrl: "http://moa.test",
    locale: () => "ko-kr",
  });
  session.store.setState({
    user: {
      userKey: 1,
      corpSeq: 1,
      deptId: "platform",
      deptName: "플랫폼팀",
      loginId: "minsu.kim",
      messengerId: KIM.messengerId,
      name: "김민수",
      nickname: "",
      position: "차장",
      title: "팀원",
      email: "",
      photoUrl: "",
      domain: "moa.test",
      companyName: "모아테크",
      xmppDomain: DOMAIN,
      freeUserYn: "N",
      isUseSms: "N",
      crxUserYn: "N",
      hasAttdWrtPwr: "N",
      pwdExpiredYn: "N",
    },
  });
  // The company's title mode is not reachable here: the tab shows positions until it answers.
  vi.spyOn(session.api, "request").mockRejectedValue(new Error("offline"));
  const { follower, sent } = recordingFollower();
  const openCard = vi.fn(() => true);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false } },
  });
  const ui = (text: string) => (
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <SessionProvider controller={session}>
              <SettingsContext
                value={{
                  settings: { ...DEFAULT_LOCAL_SETTINGS, ...settings },
                  update: () => undefined,
                }}
              >
                <PresenceContext value={follower}>
                  <UserCardContext value={{ open: openCard }}>
                    <VirtuosoMockContext
                      value={{ viewportHeight: 1000, itemHeight: 44 }}
                    >
                      <OrgTab search={text} />
                    </VirtuosoMockContext>
                  </UserCardContext>
                </PresenceContext>
              </SettingsContext>
            </SessionProvider>
          </QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>
  );
  const view = render(ui(search));
  return {
    sent,
    openCard,
    rerender: (text: string) => view.rerender(ui(text)),
    unmount: view.unmount,
  };
}

const tree = () => screen.getByRole("tree", { name: "조직도" });
const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole("treeitem")
    .map((item) => item.getAttribute("aria-label"));

afterEach(() => {
  clearOrgTree();
  localStorage.clear();
  vi.restoreAllMocks();
});

// Finding rows by their names in an antd tree is slow in jsdom on a busy machine.
describe("OrgTab", { timeout: 30_000 }, () => {
  it("opens at the own department with positions, and opens and closes departments", async () => {
    renderTab();
    expect(rowNames(tree())).toEqual([
      "모아테크 5명",
      "나대표 대표이사, 모아테크, 오프라인",
      "개발본부 3명",
      "이본부 전무, 개발본부, 오프라인",
      "플랫폼팀 2명",
      "김민수 차장, 플랫폼팀, 오프라인",
      "박지우 과장, 플랫폼팀, 오프라인",
      "영업본부 1명",
    ]);
    await userEvent.click(
      within(tree()).getByRole("treeitem", { name: /^개발본부/ }),
    );
    expect(
      within(tree()).queryByRole("treeitem", { name: /^김민수/ }),
    ).toBeNull();
    expect(
      within(tree())
        .getByRole("treeitem", { name: /^개발본부/ })
        .getAttribute("aria-expanded"),
    ).toBe("false");
    await userEvent.click(
      within(tree()).getByRole("treeitem", { name: /^영업본부/ }),
    );
    within(tree()).getByRole("treeitem", { name: /^최영업 대리/ });
  });

  it("shows titles instead of positions in title mode", () => {
    renderTab({ settings: { orgPrtCd: "tit" } });
    within(tree()).getByRole("treeitem", { name: /^김민수 팀원/ });
    within(tree()).getByRole("treeitem", { name: /^나대표 대표,/ });
  });

  it("shows the virtual branch only when the company turned it on, and never a hidden department", () => {
    renderTab();
    expect(
      within(tree()).queryByRole("treeitem", { name: /^차세대 TF/ }),
    ).toBeNull();
    expect(
      within(tree()).queryByRole("treeitem", { name: /^숨은부서/ }),
    ).toBeNull();
    clearOrgTree();
    renderTab({ virtualBranch: true });
    within(
      screen.getAllByRole("tree", { name: "조직도" })[1] ?? tree(),
    ).getByRole("treeitem", {
      name: /^차세대 TF/,
    });
  });

  it("switches to the search-result tree while the search holds text, and back when it is cleared", () => {
    const { rerender } = renderTab();
    rerender("민");
    const results = screen.getByRole("tree", { name: "조직도 검색 결과" });
    expect(rowNames(results)).toEqual([
      "모아테크 > 개발본부 > 플랫폼팀 1명",
      "김민수 차장, 플랫폼팀, 오프라인",
    ]);
    rerender("없는이름");
    screen.getByText("'없는이름'에 해당하는 사람이 없습니다.");
    rerender("");
    within(tree()).getByRole("treeitem", { name: /^플랫폼팀/ });
  });

  it("reopens where it was left when orgLastLocYn is set", async () => {
    const first = renderTab({ settings: { orgLastLocYn: "Y" } });
    await userEvent.click(
      within(tree()).getByRole("treeitem", { name: /^개발본부/ }),
    );
    await userEvent.click(
      within(tree()).getByRole("treeitem", { name: /^영업본부/ }),
    );
    first.unmount();
    clearOrgTree();
    renderTab({ settings: { orgLastLocYn: "Y" } });
    within(tree()).getByRole("treeitem", { name: /^최영업/ });
    expect(
      within(tree()).queryByRole("treeitem", { name: /^김민수/ }),
    ).toBeNull();
  });

  it("follows the presence of the people shown only, and opens a person's card", async () => {
    const { sent, openCard } = renderTab();
    await waitFor(() => {
      expect(sent.at(-1)).toEqual(
        [CEO, HEAD, KIM, PARK].map((u) => u.messengerId),
      );
    });
    await userEvent.click(
      within(tree()).getByRole("treeitem", { name: /^개발본부/ }),
    );
    await waitFor(() => {
      expect(sent.at(-1)).toEqual([CEO.messengerId]);
    });
    await userEvent.click(
      within(tree()).getByRole("treeitem", { name: /^나대표/ }),
    );
    expect(openCard).toHaveBeenCalledWith(CEO.messengerId);
  });
});
