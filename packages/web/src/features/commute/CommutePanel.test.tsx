/**
 * The commute panel as a user sees it, against a scripted attendance API and an injected clock (TZ is UTC in tests):
 * the button rules of spec §4, the hh:mm confirmations, the after-midnight box (yesterday, PU.A.012, reset after a
 * check-out), resubmission, the server's refusals and the new day at 00:00:00.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRest, type SentRequest } from "../../test/fake-rest";
import { ClockContext } from "./clock";
import { CommutePanel } from "./CommutePanel";

type Time = { hour: number; minute: number };
type DayCard = { in: Time | null; out: Time | null; midnight: boolean };

/** A scripted attendance API: cards by date; check-in and check-out write them at the clock's time. */
function attendanceApi(opts: {
  now: () => number;
  cards?: Record<string, DayCard>;
  canResubmitCard?: boolean;
  refuseCheckIn?: string;
}) {
  const cards = new Map(Object.entries(opts.cards ?? {}));
  const dateOf = (ms: number) =>
    new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");
  const timeOf = (ms: number): Time => ({
    hour: new Date(ms).getUTCHours(),
    minute: new Date(ms).getUTCMinutes(),
  });
  const present = (date: string) => {
    const c = cards.get(date);
    return {
      date,
      checkedIn: c?.in != null,
      checkedOut: c?.out != null,
      in: c?.in ? { time: c.in } : null,
      out: c?.out ? { time: c.out } : null,
      midnAftLtoYn: c?.midnight ? "Y" : "N",
    };
  };
  return (req: SentRequest): unknown => {
    const path = req.path.split("?")[0];
    if (path === "/api/v1/chat/home/attendance/setting")
      return {
        ErrorCode: "00",
        hasAttdWrtPwr: "Y",
        setting: {
          security: { canResubmitCard: opts.canResubmitCard ?? false },
        },
      };
    if (path === "/api/v1/attendance/today") {
      const date = new URLSearchParams(req.path.split("?")[1]).get("date");
      return { ErrorCode: "00", result: { card: present(date ?? "") } };
    }
    if (path === "/api/v1/attendance/report")
      return {
        ErrorCode: "00",
        list: [...cards.keys()].sort().map((date) => ({
          header: {
            mon: date.slice(4, 6),
            day: date.slice(6, 8),
            date,
            weekday: new Date(
              `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T00:00:00Z`,
            ).getUTCDay(),
          },
          card: {
            inTime: fmt(cards.get(date)?.in),
            outTime: fmt(cards.get(date)?.out),
            midnAftLtoYn: cards.get(date)?.midnight ? "Y" : "N",
          },
        })),
      };
    if (path === "/api/v1/attendance/minsu.kim/workTime")
      return {
        ErrorCode: "00",
        WorkTimeInfo: {
          workNm: "기본 근무",
          workStart: "0900",
          workEnd: "1800",
        },
      };
    if (path === "/api/v1/chat/home/getVacationPromotion")
      return { ErrorCode: "00", result: null };
    if (path === "/api/v1/chat/home/checkin") {
      if (opts.refuseCheckIn)
        return { ErrorCode: "01", ErrorMsg: opts.refuseCheckIn };
      const date = dateOf(opts.now());
      cards.set(date, { in: timeOf(opts.now()), out: null, midnight: false });
      return { ErrorCode: "00", result: { card: present(date) } };
    }
    if (path === "/api/v1/chat/home/checkout") {
      const body = req.body as {
        midnAftLtoYn: string;
        time?: { date: string };
      };
      const date = body.time?.date ?? dateOf(opts.now());
      const card = cards.get(date);
      if (!card?.in) return { ErrorCode: "01", ErrorMsg: "PU.A.012" };
      cards.set(date, {
        ...card,
        out: timeOf(opts.now()),
        midnight: body.midnAftLtoYn === "Y",
      });
      return { ErrorCode: "00", result: { card: present(date) } };
    }
    return undefined;
  };
}

const fmt = (t: Time | null | undefined) =>
  t
    ? `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`
    : "";

/** Renders the panel at `start` (UTC); `setNow` moves the injected clock. */
async function renderPanel(
  start: string,
  opts: Omit<Parameters<typeof attendanceApi>[0], "now"> = {},
) {
  let now = Date.parse(start);
  const clock = () => now;
  const rest = renderWithRest(
    <ClockContext value={clock}>
      <CommutePanel onOpenAttendance={() => undefined} />
    </ClockContext>,
    attendanceApi({ ...opts, now: clock }),
  );
  await screen.findByRole("timer", { name: "현재 시각" });
  return {
    ...rest,
    setNow: (iso: string) => {
      now = Date.parse(iso);
    },
  };
}

const checkInButton = () => screen.getByRole("button", { name: "출근" });
const checkOutButton = () => screen.getByRole("button", { name: "퇴근" });

const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled;

/** Waits for the card to load (the buttons wait for it). */
const cardLoaded = () =>
  waitFor(() => {
    expect(screen.getByLabelText("출근 시각").textContent).not.toBe("");
    expect(
      checkInButton().hasAttribute("disabled") &&
        checkOutButton().hasAttribute("disabled"),
    ).toBe(false);
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

// antd renders slowly in jsdom on a loaded machine; each test waits for what the user would see.
describe("CommutePanel", { timeout: 30_000 }, () => {
  it("shows today's date and a clock that refreshes every second; without a check-in only check-in is enabled", async () => {
    const { setNow } = await renderPanel("2025-03-10T09:30:00Z");
    screen.getByRole("heading", { name: "2025년 3월 10일 (월)" });
    expect(screen.getByRole("timer").textContent).toBe("09:30:00");
    await cardLoaded();
    expect(disabled(checkInButton())).toBe(false);
    expect(disabled(checkOutButton())).toBe(true);
    expect(screen.getByLabelText("출근 시각").textContent).toBe("--:--");
    screen.getByText("기본 근무 09:00 ~ 18:00");

    setNow("2025-03-10T09:30:01Z");
    await waitFor(
      () => {
        expect(screen.getByRole("timer").textContent).toBe("09:30:01");
      },
      { timeout: 3000 },
    );
  });

  it("confirms a check-in with the current hh:mm, then disables check-in and enables check-out", async () => {
    const user = userEvent.setup();
    const { sent } = await renderPanel("2025-03-10T09:05:00Z");
    await cardLoaded();
    await user.click(checkInButton());
    const dialog = await screen.findByRole("dialog");
    within(dialog).getByText("09:05에 출근하시겠습니까?");
    await user.click(within(dialog).getByRole("button", { name: "확인" }));
    await waitFor(() => {
      expect(screen.getByLabelText("출근 시각").textContent).toBe("09:05");
    });
    expect(
      sent.find((r) => r.path === "/api/v1/chat/home/checkin")?.body,
    ).toEqual({ midnAftLtoYn: "N" });
    await waitFor(() => {
      expect(disabled(checkInButton())).toBe(true);
    });
    expect(disabled(checkOutButton())).toBe(false);
  });

  it("keeps check-in enabled after a check-in when the company allows resubmitting the card", async () => {
    await renderPanel("2025-03-10T10:00:00Z", {
      canResubmitCard: true,
      cards: {
        "20250310": { in: { hour: 9, minute: 0 }, out: null, midnight: false },
      },
    });
    await waitFor(() => {
      expect(screen.getByLabelText("출근 시각").textContent).toBe("09:00");
    });
    await waitFor(() => {
      expect(disabled(checkInButton())).toBe(false);
    });
    expect(disabled(checkOutButton())).toBe(false);
    screen.getByText("출근 시각을 다시 기록할 수 있습니다.");
  });

  it("after midnight shows yesterday, disables check-in and refuses with PU.A.012 when yesterday has no card, without calling", async () => {
    const user = userEvent.setup();
    const { sent } = await renderPanel("2025-03-11T00:20:00Z");
    await cardLoaded();
    await user.click(screen.getByRole("checkbox", { name: /자정 이후 퇴근/ }));
    await screen.findByRole("heading", { name: "2025년 3월 10일 (월)" });
    await waitFor(() => {
      expect(disabled(checkOutButton())).toBe(false);
    });
    expect(disabled(checkInButton())).toBe(true);
    await user.click(checkOutButton());
    await screen.findByText(
      "전날 출근 기록이 없어 자정 이후 퇴근을 기록할 수 없습니다.",
    );
    expect(sent.some((r) => r.path === "/api/v1/chat/home/checkout")).toBe(
      false,
    );
  });

  it("after midnight checks out yesterday's card with its date, then clears the box and shows today again", async () => {
    const user = userEvent.setup();
    const { sent } = await renderPanel("2025-03-11T00:20:00Z", {
      cards: {
        "20250310": { in: { hour: 9, minute: 0 }, out: null, midnight: false },
      },
    });
    await cardLoaded();
    const box = screen.getByRole("checkbox", { name: /자정 이후 퇴근/ });
    await user.click(box);
    await waitFor(() => {
      expect(screen.getByLabelText("출근 시각").textContent).toBe("09:00");
    });
    await user.click(checkOutButton());
    const dialog = await screen.findByRole("dialog");
    within(dialog).getByText("00:20에 퇴근하시겠습니까?");
    await user.click(within(dialog).getByRole("button", { name: "확인" }));
    await waitFor(() => {
      expect((box as HTMLInputElement).checked).toBe(false);
    });
    expect(
      sent.find((r) => r.path === "/api/v1/chat/home/checkout")?.body,
    ).toEqual({ midnAftLtoYn: "Y", time: { date: "20250310" } });
    await screen.findByRole("heading", { name: "2025년 3월 11일 (화)" });
    const monday = await screen.findByRole("row", { name: /3\/10 \(월\)/ });
    await waitFor(() => {
      expect(monday.textContent).toMatch(/09:00.*00:20.*익일/);
    });
  });

  it("shows the server's refusal of a check-in", async () => {
    const user = userEvent.setup();
    await renderPanel("2025-03-10T09:00:00Z", {
      refuseCheckIn: "attendance.error.alreadyCheckedIn",
    });
    await cardLoaded();
    await user.click(checkInButton());
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", {
        name: "확인",
      }),
    );
    await screen.findByText("이미 출근했습니다.");
  });

  it("turns to the new day at 00:00:00 and loads its card", async () => {
    const { sent, setNow } = await renderPanel("2025-03-10T23:59:59Z", {
      cards: {
        "20250310": { in: { hour: 9, minute: 0 }, out: null, midnight: false },
      },
    });
    await waitFor(() => {
      expect(screen.getByLabelText("출근 시각").textContent).toBe("09:00");
    });
    setNow("2025-03-11T00:00:00Z");
    await screen.findByRole(
      "heading",
      { name: "2025년 3월 11일 (화)" },
      { timeout: 3000 },
    );
    await waitFor(() => {
      expect(screen.getByLabelText("출근 시각").textContent).toBe("--:--");
    });
    expect(
      sent.some((r) => r.path === "/api/v1/attendance/today?date=20250311"),
    ).toBe(true);
  });
});
