/** The org picker as a user works it: browse, check departments and people, search, chips, limits, confirm. */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App as AntdApp, ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { VirtuosoMockContext } from "react-virtuoso";
import { describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n";
import type {
  OrgPickerProps,
  OrgPickerSource,
  PickerDepartment,
  PickerUser,
} from "./org-picker-types";
import { OrgPicker } from "./OrgPicker";

const user = (
  jid: string,
  name: string,
  position: string,
  deptKey: string,
  deptName: string,
): PickerUser => ({
  jid,
  id: jid.split("@")[0] ?? jid,
  name,
  position,
  deptKey,
  deptName,
});

const ME = user("me@chat", "나상철", "부장", "dev", "개발본부");
const KIM = user("kim@chat", "김민수", "과장", "dev", "개발본부");
const LEE = user("lee@chat", "이영희", "대리", "platform", "플랫폼팀");
const PARK = user("park@chat", "박지훈", "사원", "sales", "영업팀");

const TREE: PickerDepartment[] = [
  {
    key: "company",
    name: "모아테크",
    users: [],
    children: [
      {
        key: "dev",
        name: "개발본부",
        users: [ME, KIM],
        children: [
          { key: "platform", name: "플랫폼팀", users: [LEE], children: [] },
        ],
      },
      { key: "sales", name: "영업팀", users: [PARK], children: [] },
    ],
  },
];

const source: OrgPickerSource = {
  loadTree: () => Promise.resolve(TREE),
  search: (text) =>
    Promise.resolve(
      [ME, KIM, LEE, PARK].filter((u) => u.name.includes(text.trim())),
    ),
};

function renderPicker(props: Partial<OrgPickerProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <I18nextProvider i18n={createI18n("ko-KR")}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <AntdApp>
          <VirtuosoMockContext value={{ viewportHeight: 1000, itemHeight: 30 }}>
            <OrgPicker
              open
              title="새 대화"
              source={source}
              selfJid={ME.jid}
              onConfirm={onConfirm}
              onCancel={onCancel}
              {...props}
            />
          </VirtuosoMockContext>
        </AntdApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return {
    onConfirm,
    onCancel,
    dialog: screen.getByRole("dialog", { name: "새 대화" }),
  };
}

/** The names on the selected-user chips. */
function chips(dialog: HTMLElement): string[] {
  const list = within(dialog).getByRole("region", { name: /^선택한 사용자/ });
  return within(list)
    .queryAllByRole("listitem")
    .map((item) => item.textContent);
}

/**
 * The alert dialog showing a text. (In tests antd gives every dialog the same title id, so dialogs cannot be found by
 * name while the picker is open.)
 */
async function findAlert(text: string): Promise<HTMLElement> {
  const message = await screen.findByText(text);
  const alert = message.closest<HTMLElement>('[role="dialog"]');
  if (!alert) throw new Error(`"${text}" is not in a dialog`);
  expect(within(alert).getAllByText("알림").length).toBeGreaterThan(0);
  return alert;
}

async function openDepartment(name: string) {
  await userEvent.click(
    await screen.findByRole("button", { name: `${name} 펼치기` }),
  );
}

describe("OrgPicker", () => {
  it("opens with the top department open and the others closed", async () => {
    const { dialog } = renderPicker();
    const tree = await within(dialog).findByRole("tree", { name: "조직도" });
    // The rows come from the org source after the tree itself renders: wait for them, on a loaded machine too.
    expect(
      await within(tree).findByRole("checkbox", { name: "개발본부" }),
    ).toBeTruthy();
    expect(
      within(tree).queryByRole("checkbox", { name: "김민수 과장" }),
    ).toBeNull();
    await openDepartment("개발본부");
    expect(
      await within(tree).findByRole("checkbox", { name: "김민수 과장" }),
    ).toBeTruthy();
    expect(
      within(tree).getByRole("checkbox", { name: "플랫폼팀" }),
    ).toBeTruthy();
  });

  it("checks everyone under a department except the picking user, and shows them as chips", async () => {
    const { dialog } = renderPicker();
    await openDepartment("개발본부");
    await userEvent.click(screen.getByRole("checkbox", { name: "개발본부" }));
    expect(chips(dialog)).toEqual(["김민수", "이영희"]);
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", { name: "개발본부" })
        .checked,
    ).toBe(true);
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", {
        name: "나상철 부장 (나)",
      }).checked,
    ).toBe(false);
    // The company box is partly checked: the sales team is not.
    expect(
      screen
        .getByRole("checkbox", { name: "모아테크" })
        .closest(".ant-checkbox-indeterminate"),
    ).not.toBeNull();

    await userEvent.click(
      within(dialog).getByRole("button", { name: "이영희 선택 해제" }),
    );
    expect(chips(dialog)).toEqual(["김민수"]);
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", { name: "개발본부" })
        .checked,
    ).toBe(false);
  });

  it("finds people by name in a search-result tree grouped by department", async () => {
    const { dialog } = renderPicker();
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "이름 검색" }),
      "영희",
    );
    const results = await within(dialog).findByRole("tree", {
      name: "조직도 검색 결과",
    });
    expect(
      within(results)
        .getAllByRole("treeitem")
        .map((item) => item.textContent),
    ).toEqual(["플랫폼팀", "이영희 대리"]);
    await userEvent.click(
      within(results).getByRole("checkbox", { name: "이영희 대리" }),
    );
    expect(chips(dialog)).toEqual(["이영희"]);

    await userEvent.clear(
      within(dialog).getByRole("textbox", { name: "이름 검색" }),
    );
    expect(
      await within(dialog).findByRole("tree", { name: "조직도" }),
    ).toBeTruthy();
    expect(chips(dialog)).toEqual(["이영희"]);

    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "이름 검색" }),
      "없는사람",
    );
    expect(
      await within(dialog).findByText("검색 결과가 없습니다."),
    ).toBeTruthy();
  });

  it("alerts instead of confirming with nobody selected, then confirms the picked users in order", async () => {
    const { dialog, onConfirm } = renderPicker();
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    const alert = await findAlert(
      "선택된 사용자가 없습니다. 사용자를 선택해 주세요.",
    );
    await userEvent.click(within(alert).getByRole("button", { name: "확인" }));
    expect(onConfirm).not.toHaveBeenCalled();

    await openDepartment("영업팀");
    await userEvent.click(
      screen.getByRole("checkbox", { name: "박지훈 사원" }),
    );
    await openDepartment("개발본부");
    await userEvent.click(
      screen.getByRole("checkbox", { name: "김민수 과장" }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    expect(onConfirm).toHaveBeenCalledWith([PARK, KIM]);
  });

  it("lets the picking user tick themselves", async () => {
    const { dialog, onConfirm } = renderPicker();
    await openDepartment("개발본부");
    await userEvent.click(
      screen.getByRole("checkbox", { name: "나상철 부장 (나)" }),
    );
    expect(chips(dialog)).toEqual(["나상철"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    expect(onConfirm).toHaveBeenCalledWith([ME]);
  });

  it("undoes a tick beyond the limit with an alert", async () => {
    const { dialog } = renderPicker({ maxSelect: 1 });
    await openDepartment("영업팀");
    await userEvent.click(
      screen.getByRole("checkbox", { name: "박지훈 사원" }),
    );
    await openDepartment("개발본부");
    await userEvent.click(
      screen.getByRole("checkbox", { name: "김민수 과장" }),
    );
    await findAlert("최대 1명까지 선택할 수 있습니다.");
    expect(chips(dialog)).toEqual(["박지훈"]);
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", {
        name: "김민수 과장",
      }).checked,
    ).toBe(false);
  });

  it("lists excluded people disabled, and a department check leaves them out", async () => {
    const { dialog, onConfirm } = renderPicker({ excluded: [KIM.jid] });
    await openDepartment("개발본부");
    const kim = screen.getByRole<HTMLInputElement>("checkbox", {
      name: "김민수 과장",
    });
    expect(kim.disabled).toBe(true);
    await userEvent.click(screen.getByRole("checkbox", { name: "개발본부" }));
    expect(chips(dialog)).toEqual(["이영희"]);
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    expect(onConfirm).toHaveBeenCalledWith([LEE]);
  });

  it("shows the first 100 chips of a large selection and how many more there are", async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      user(`u${String(i)}@chat`, `사용자${String(i)}`, "사원", "big", "대형팀"),
    );
    const { dialog } = renderPicker({
      source: {
        loadTree: () =>
          Promise.resolve([
            { key: "big", name: "대형팀", users: many, children: [] },
          ]),
        search: () => Promise.resolve([]),
      },
    });
    await userEvent.click(
      await screen.findByRole("checkbox", { name: "대형팀" }),
    );
    expect(
      within(dialog).getByRole("region", { name: "선택한 사용자 150명" }),
    ).toBeTruthy();
    expect(chips(dialog)).toHaveLength(101);
    expect(chips(dialog).at(-1)).toBe("외 50명");
  });

  it("cancels", async () => {
    const { dialog, onCancel } = renderPicker();
    await userEvent.click(within(dialog).getByRole("button", { name: "취소" }));
    expect(onCancel).toHaveBeenCalled();
  });
});
