/**
 * The phone dialog as a user sees it, against a scripted centrex API with one line (idle → call → hold → call →
 * idle, answering spec §8 result codes): the keypad and the number field without dashes, the button rules of
 * spec §5 (IP.T.012, IP.A.013, IP.A.014, IP.T.016), the status line of spec §4 and the unavailable message.
 */
import { CUSTOMER_CENTRE_PHONE } from "@moa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRest, type SentRequest } from "../../test/fake-rest";
import { PhoneDialog } from "./PhoneDialog";

afterEach(() => {
  vi.unstubAllGlobals();
});

type Line = "idle" | "active" | "hold";

/** A scripted centrex API: one line, a recall list, and whether the user may use the phone. */
function centrexApi(opts: { usable?: boolean } = {}) {
  const state = {
    line: "idle" as Line,
    recall: [] as { recUsrKey: string; recUsrName: string; recPhone: string }[],
  };
  const rt = (code: string) => ({ ErrorCode: "00", svc_rt: code });
  const routes = (req: SentRequest): unknown => {
    const op = req.path.replace("/api/v1/centrex/", "");
    switch (op) {
      case "crxUserYn":
        return {
          ErrorCode: "00",
          crxUserYn: opts.usable === false ? "N" : "Y",
          isUse: "Y",
        };
      case "phoneStatus":
        return rt(state.line === "idle" ? "4004" : "0000");
      case "singCall":
      case "groupCall":
        if (state.line !== "idle") return rt("3001");
        state.line = "active";
        return rt("0000");
      case "callHoldStart":
        if (state.line === "idle") return rt("4004");
        if (state.line === "hold") return rt("3001");
        state.line = "hold";
        return rt("0000");
      case "callHoldStop":
        if (state.line !== "hold") return rt("3001");
        state.line = "active";
        return rt("0000");
      case "callStop":
        if (state.line === "idle") return rt("4004");
        state.line = "idle";
        return rt("0000");
      case "insertLog": {
        const body = req.body as { recPhone: string; recUsrName: string };
        state.recall.unshift({
          recUsrKey: "",
          recUsrName: body.recUsrName,
          recPhone: body.recPhone,
        });
        return rt("0000");
      }
      case "reCall":
        return { ErrorCode: "00", recall_list: state.recall };
      default:
        return undefined;
    }
  };
  return { state, routes };
}

function renderDialog(opts: { usable?: boolean } = {}) {
  const api = centrexApi(opts);
  const view = renderWithRest(
    <PhoneDialog open request={null} onClose={() => undefined} />,
    api.routes,
  );
  return { ...api, ...view };
}

const sentTo = (sent: SentRequest[], op: string) =>
  sent.filter((r) => r.path === `/api/v1/centrex/${op}`);

async function expectStatus(label: string) {
  await waitFor(() => {
    expect(
      screen.getByRole("status", { name: "통화 상태" }).textContent,
    ).toContain(label);
  });
}

/** Confirms the alert showing a text. (In tests antd gives every dialog the same title id: found by its text.) */
async function expectAlert(text: string) {
  const shown = await screen.findByText(text, { exact: false });
  const alert = shown.closest<HTMLElement>('[role="dialog"]');
  if (!alert) throw new Error(`"${text}" is not in a dialog`);
  expect(within(alert).getAllByText("알림").length).toBeGreaterThan(0);
  await userEvent.click(within(alert).getByRole("button", { name: "확인" }));
  await waitFor(() => {
    expect(screen.queryByText(text, { exact: false })).toBeNull();
  });
}

describe("keypad and number field", () => {
  it("adds each key 0-9, * and # and removes dashes from a typed number", async () => {
    renderDialog();
    const keypad = await screen.findByRole("group", { name: "키패드" });
    const number = screen.getByRole("textbox", { name: "전화번호" });
    for (const key of [
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "*",
      "0",
      "#",
    ])
      await userEvent.click(within(keypad).getByRole("button", { name: key }));
    expect((number as HTMLInputElement).value).toBe("123456789*0#");
    await userEvent.clear(number);
    await userEvent.type(number, "010-1234-5678");
    expect((number as HTMLInputElement).value).toBe("01012345678");
    await userEvent.clear(number);
    await userEvent.paste("02 123-4567");
    expect((number as HTMLInputElement).value).toBe("021234567");
  });
});

describe("button rules and call status", () => {
  it("refuses a call without a number (IP.T.012), hold without a call (IP.A.014) and redial with no history (IP.T.016)", async () => {
    const { sent } = renderDialog();
    await expectStatus("대기");
    await userEvent.click(screen.getByRole("button", { name: "통화" }));
    expect(await screen.findByText("전화번호를 입력해 주세요.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "보류" }));
    await expectAlert("통화 중일 때만 보류할 수 있습니다.");
    await userEvent.click(screen.getByRole("button", { name: "재다이얼" }));
    expect(await screen.findByText("재다이얼할 번호가 없습니다.")).toBeTruthy();
    expect(sentTo(sent, "singCall")).toEqual([]);
    expect(sentTo(sent, "callHoldStart")).toEqual([]);
  });

  it("goes off → on → hold → on → off, refuses a second call (IP.A.013) and redials the last number", async () => {
    const { sent, state } = renderDialog();
    await userEvent.type(
      await screen.findByRole("textbox", { name: "전화번호" }),
      "010-1234-5678",
    );
    await userEvent.click(screen.getByRole("button", { name: "통화" }));
    await expectStatus("통화 중");
    expect(state.line).toBe("active");
    expect(sentTo(sent, "singCall").map((r) => r.body)).toEqual([
      { callNumber: "01012345678" },
    ]);
    await waitFor(() => {
      expect(sentTo(sent, "insertLog")).toHaveLength(1);
    });

    await userEvent.click(screen.getByRole("button", { name: "통화" }));
    await expectAlert("이미 통화 중입니다.");
    expect(sentTo(sent, "singCall")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "보류" }));
    await expectStatus("보류 중");
    expect(state.line).toBe("hold");
    await userEvent.click(screen.getByRole("button", { name: "보류 해제" }));
    await expectStatus("통화 중");
    expect(state.line).toBe("active");
    await userEvent.click(screen.getByRole("button", { name: "종료" }));
    await expectStatus("대기");
    expect(state.line).toBe("idle");

    await userEvent.clear(screen.getByRole("textbox", { name: "전화번호" }));
    await userEvent.click(screen.getByRole("button", { name: "재다이얼" }));
    await expectStatus("통화 중");
    expect(
      screen.getByRole<HTMLInputElement>("textbox", { name: "전화번호" }).value,
    ).toBe("01012345678");
    expect(sentTo(sent, "singCall").map((r) => r.body)).toEqual([
      { callNumber: "01012345678" },
      { callNumber: "01012345678" },
    ]);
  });

  it("shows a busy line as in a call when it opens", async () => {
    const api = centrexApi();
    api.state.line = "active";
    renderWithRest(
      <PhoneDialog open request={null} onClose={() => undefined} />,
      api.routes,
    );
    await expectStatus("통화 중");
  });

  it("lists recent calls and fills the number from one", async () => {
    const api = centrexApi();
    api.state.recall.push({
      recUsrKey: "jiwoo.park",
      recUsrName: "박지우",
      recPhone: "01022223333",
    });
    renderWithRest(
      <PhoneDialog open request={null} onClose={() => undefined} />,
      api.routes,
    );
    await userEvent.click(
      await screen.findByRole("button", { name: "통화 기록" }),
    );
    const list = await screen.findByRole("list", { name: "최근 통화" });
    await userEvent.click(
      within(list).getByRole("button", { name: "박지우 01022223333" }),
    );
    expect(
      screen.getByRole<HTMLInputElement>("textbox", { name: "전화번호" }).value,
    ).toBe("01022223333");
  });
});

describe("unavailable", () => {
  it("tells a user without the phone to call the customer centre, with a settings button", async () => {
    const { sent } = renderDialog({ usable: false });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("인터넷 전화를 사용할 수 없습니다.");
    expect(alert.textContent).toContain(CUSTOMER_CENTRE_PHONE);
    expect(screen.getByRole("button", { name: "설정" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "키패드" })).toBeNull();
    expect(sentTo(sent, "phoneStatus")).toEqual([]);
  });
});
