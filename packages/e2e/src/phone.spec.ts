/**
 * The internet phone and incoming calls in the browser (spec §2.3, §2.8, §4 Call status, §5 Calls), against an
 * in-process server whose simulated PBX the test watches: a call placed from a colleague's user card, hold, hold
 * release, hang-up and redial, each status checked on the exchange's line too; the meeting call's picker stopping
 * at 6 (IP.A.015); a 7-member meeting call from a room's member list trimmed to 6; an incoming call rung through
 * the integration API showing the caller's card, following the incoming-call settings; and the unavailable message
 * for a free user and a user who is not set up for the phone.
 */
import {
  apiClient,
  createCompany,
  createRoomWith,
  createDepartment,
  createTestServer,
  createUser,
  issueIntegrationKey,
  SimulatedPbx,
  type TestServer,
  type TestUser,
} from "@moa/server/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { test } from "./fixtures.js";
import { openSettings } from "./settings-helpers.js";
import { signInAs, type TestCompany } from "./test-company.js";

const pbx = new SimulatedPbx();
let server: TestServer;
let company: TestCompany;
let integrationKey: string;
const members: TestUser[] = [];

beforeAll(async () => {
  server = await createTestServer({}, { workplace: { phone: pbx } });
  const db = server.database.db;
  const co = await createCompany(db);
  const sales = await createDepartment(db, co, { name: "영업팀", order: 1 });
  const meeting = await createDepartment(db, co, { name: "회의팀", order: 2 });
  const users: Record<string, TestUser> = {
    나전화: await createUser(db, co, {
      name: "나전화",
      deptKey: sales.key,
      centrexUser: true,
      phone: "02-1000-2000",
    }),
    김상대: await createUser(db, co, {
      name: "김상대",
      deptKey: sales.key,
      phone: "02-3000-4000",
    }),
    박대기: await createUser(db, co, { name: "박대기", deptKey: sales.key }),
    최무료: await createUser(db, co, {
      name: "최무료",
      deptKey: sales.key,
      centrexUser: true,
      freeUser: true,
    }),
  };
  for (let i = 1; i <= 7; i += 1)
    members.push(
      await createUser(db, co, {
        name: `회의원${i}`,
        deptKey: meeting.key,
        mobile: `010-7000-000${i}`,
      }),
    );
  company = { server, domain: co.domain, users, setTime: () => undefined };
  integrationKey = await issueIntegrationKey(db, co.id);
});
afterAll(async () => {
  await server.close();
});

const user = (name: string) => {
  const found = company.users[name];
  if (!found) throw new Error(`no user ${name}`);
  return found;
};

function phoneDialog(page: Page) {
  return page.getByRole("dialog", { name: "인터넷 전화" });
}

/** Waits until the dialog's status line shows a state. */
async function waitForStatus(page: Page, label: string) {
  await phoneDialog(page)
    .getByRole("status", { name: "통화 상태" })
    .filter({ hasText: new RegExp(`^${label}$`) })
    .waitFor();
}

async function press(page: Page, name: string) {
  await phoneDialog(page).getByRole("button", { name, exact: true }).click();
}

/** Whether a locator shows up within a time. */
async function appears(
  locator: ReturnType<Page["getByRole"]>,
  timeout: number,
): Promise<boolean> {
  try {
    await locator.waitFor({ timeout });
    return true;
  } catch {
    return false;
  }
}

/** Confirms the alert showing a text. */
async function confirmAlert(page: Page, text: string) {
  const alert = page.getByRole("dialog").filter({ hasText: text });
  await alert.getByRole("button", { name: "확인" }).click();
  await alert.waitFor({ state: "hidden" });
}

describe("internet phone", () => {
  test(
    "calls a colleague from their user card, holds, releases, hangs up and redials, as the PBX sees it",
    { timeout: 120_000 },
    async ({ page }) => {
      const me = user("나전화");
      await signInAs(page, company, me);
      await page.getByRole("tab", { name: "조직도" }).click();
      await page
        .getByRole("tree", { name: "조직도" })
        .getByRole("treeitem", { name: /^김상대/ })
        .click();
      const card = page.getByRole("dialog", { name: "사용자 정보" });
      await card.getByRole("button", { name: "전화" }).click();

      const number = phoneDialog(page).getByRole("textbox", {
        name: "전화번호",
      });
      await number.waitFor();
      expect(await number.inputValue()).toBe("0230004000");
      await waitForStatus(page, "대기");
      expect(pbx.inspect(me.id)).toEqual({ state: "idle" });

      await press(page, "통화");
      await waitForStatus(page, "통화 중");
      expect(pbx.inspect(me.id)).toEqual({
        state: "active",
        numbers: ["0230004000"],
      });

      // A second call while one is active is refused, and the line keeps the first.
      await press(page, "통화");
      await confirmAlert(page, "이미 통화 중입니다");
      expect(pbx.inspect(me.id)).toMatchObject({ state: "active" });

      await press(page, "보류");
      await waitForStatus(page, "보류 중");
      expect(pbx.inspect(me.id)).toMatchObject({ state: "hold" });

      await press(page, "보류 해제");
      await waitForStatus(page, "통화 중");
      expect(pbx.inspect(me.id)).toMatchObject({ state: "active" });

      await press(page, "종료");
      await waitForStatus(page, "대기");
      expect(pbx.inspect(me.id)).toEqual({ state: "idle" });

      // Hold without a call is refused (IP.A.014) and reaches no line.
      await press(page, "보류");
      await confirmAlert(page, "통화 중일 때만 보류할 수 있습니다.");
      expect(pbx.inspect(me.id)).toEqual({ state: "idle" });

      await number.fill("");
      await press(page, "재다이얼");
      await waitForStatus(page, "통화 중");
      expect(await number.inputValue()).toBe("0230004000");
      expect(pbx.inspect(me.id)).toEqual({
        state: "active",
        numbers: ["0230004000"],
      });
      await press(page, "종료");
      await waitForStatus(page, "대기");
      expect(pbx.inspect(me.id)).toEqual({ state: "idle" });
    },
  );

  test(
    "the meeting call's org picker stops at 6 (IP.A.015) and calls the 6 chosen",
    { timeout: 120_000 },
    async ({ page }) => {
      const me = user("나전화");
      await signInAs(page, company, me);
      await page.getByRole("button", { name: "인터넷 전화" }).click();
      await waitForStatus(page, "대기");

      await press(page, "회의 통화");
      const picker = page.getByRole("dialog", { name: "회의 통화" });
      const selected = (count: number) =>
        picker.getByRole("region", { name: `선택한 사용자 ${count}명` });
      // The tree draws the rows in view only: closing the own department brings the meeting team's 7 into view.
      await picker.getByRole("button", { name: "영업팀 접기" }).click();
      // The whole department is 7 people: the tick is undone with IP.A.015.
      await picker.getByRole("checkbox", { name: "회의팀" }).click();
      await confirmAlert(page, "최대 6명까지 통화할 수 있습니다.");
      await selected(0).waitFor();
      for (let i = 1; i <= 6; i += 1)
        await picker
          .getByRole("checkbox", { name: new RegExp(`^회의원${i} `) })
          .click();
      await selected(6).waitFor();
      await picker.getByRole("checkbox", { name: /^회의원7 / }).click();
      await confirmAlert(page, "최대 6명까지 통화할 수 있습니다.");
      await selected(6).waitFor();
      expect(
        await picker.getByRole("checkbox", { name: /^회의원7 / }).isChecked(),
      ).toBe(false);
      await picker.getByRole("button", { name: "확인" }).click();
      await picker.waitFor({ state: "hidden" });

      await page
        .getByText("여러 명을 선택하여 회의 통화로 전환했습니다.")
        .waitFor();
      await phoneDialog(page).getByText("회의 통화 6명").waitFor();

      await press(page, "통화");
      await waitForStatus(page, "통화 중");
      expect(pbx.inspect(me.id)).toEqual({
        state: "active",
        numbers: members.slice(0, 6).map((m) => m.mobile.replace(/-/g, "")),
      });
      await press(page, "종료");
      await waitForStatus(page, "대기");
      expect(pbx.inspect(me.id)).toEqual({ state: "idle" });
    },
  );

  test(
    "a 7-member meeting call from a room's member list is trimmed to 6 in the main window's phone",
    { timeout: 120_000 },
    async ({ page }) => {
      const me = user("나전화");
      await createRoomWith(server.database.db, me.companyId, [
        me.id,
        ...members.map((m) => m.id),
      ]);
      await signInAs(page, company, me);
      const popup = page.waitForEvent("popup");
      await page
        .getByRole("list", { name: "대화방 목록" })
        .getByRole("button", { name: /^테스트방/ })
        .dblclick();
      const room = await popup;
      await room.getByRole("heading", { level: 1, name: "테스트방" }).waitFor();
      await room.getByRole("button", { name: "대화방 메뉴" }).click();
      await room.getByRole("menuitem", { name: "대화 상대" }).click();
      const list = room.getByRole("dialog", { name: /대화 상대/ });
      await list.getByRole("button", { name: "전화", exact: true }).click();
      // Nobody ticked: everyone else, 7 people, of whom the first 6 are called.
      await room
        .getByText("최대 6명까지 통화할 수 있어 1명을 제외했습니다.")
        .waitFor();

      await phoneDialog(page).getByText("회의 통화 6명").waitFor();
      await press(page, "통화");
      await waitForStatus(page, "통화 중");
      const line = pbx.inspect(me.id);
      const called = "numbers" in line ? line.numbers : [];
      const all = members.map((m) => m.mobile.replace(/-/g, ""));
      expect(called).toHaveLength(6);
      expect(new Set(called).size).toBe(6);
      for (const n of called) expect(all).toContain(n);
      await press(page, "종료");
      await waitForStatus(page, "대기");
      expect(pbx.inspect(me.id)).toEqual({ state: "idle" });
      await room.close();
    },
  );

  test(
    "an incoming call rung through the integration API shows the caller's card",
    { timeout: 120_000 },
    async ({ page }) => {
      const me = user("나전화");
      await signInAs(page, company, me);
      const gw = apiClient(server.url, integrationKey);
      const dialog = page.getByRole("dialog", { name: "수신 전화" });
      // The push reaches online chat connections only: ring until the session's connection has it.
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const rang = await gw("POST", "/integration/v1/centrex/incoming", {
          loginId: me.loginId,
          callNumber: "010-7000-0003",
        });
        expect(rang.body).toEqual({ ErrorCode: "00" });
        if (await appears(dialog, 3_000)) break;
      }
      await dialog.getByText("010-7000-0003").waitFor();
      const caller = dialog.getByRole("region", { name: "발신자" });
      await caller.getByText("회의원3").waitFor();
      await dialog.getByRole("button", { name: "주소록 보기" }).waitFor();
      await dialog.getByRole("button", { name: "닫기" }).first().click();
      await dialog.waitFor({ state: "hidden" });

      // An unknown number: "unknown", with a button to create an address entry.
      await gw("POST", "/integration/v1/centrex/incoming", {
        loginId: me.loginId,
        callNumber: "0299998888",
      });
      await dialog.getByText("02-9999-8888").waitFor();
      await dialog.getByText("알 수 없음").waitFor();
      await dialog.getByRole("button", { name: "주소록 등록" }).waitFor();
      await dialog.getByRole("button", { name: "닫기" }).first().click();
      await dialog.waitFor({ state: "hidden" });

      // Incoming calls turned off (useRcvCallYn N): ignored without a lookup. Then on again, looking callers up in
      // the other contacts (rcvCallTargetCd other); the chat connection delivers pushes in order, so once the
      // second call shows, the first was handled.
      const lookups: string[] = [];
      page.on("request", (req) => {
        if (req.url().includes("callNumber=")) lookups.push(req.url());
      });
      const settings = await openSettings(page);
      await settings.getByRole("tab", { name: "기타" }).click();
      const receive = settings.getByRole("switch", { name: "전화 수신 알림" });
      await receive.click();
      await expect.poll(() => receive.isChecked()).toBe(false);
      await gw("POST", "/integration/v1/centrex/incoming", {
        loginId: me.loginId,
        callNumber: "031-111-2222",
      });
      await receive.click();
      await settings
        .getByRole("radiogroup", { name: "발신자 조회 대상" })
        .getByText("기타(영업 고객)", { exact: true })
        .click();
      await settings.close();
      await gw("POST", "/integration/v1/centrex/incoming", {
        loginId: me.loginId,
        callNumber: "010-7000-0005",
      });
      await dialog.getByText("010-7000-0005").waitFor();
      await caller.getByText("회의원5").waitFor();
      expect(lookups).toHaveLength(1);
      expect(lookups[0]).toContain(
        "/sales/api/v1/sfa/contactFindUser?callNumber=01070000005",
      );
    },
  );

  for (const [name, who] of [
    ["박대기", "a user not set up for the phone"],
    ["최무료", "a free user"],
  ] as const)
    test(
      `${who} sees the unavailable message with the customer centre`,
      { timeout: 120_000 },
      async ({ page }) => {
        await signInAs(page, company, user(name));
        await page.getByRole("button", { name: "인터넷 전화" }).click();
        const message = phoneDialog(page).getByRole("alert");
        await message
          .filter({ hasText: "인터넷 전화를 사용할 수 없습니다." })
          .waitFor();
        expect(await message.textContent()).toContain("1588-0000");
        await phoneDialog(page).getByRole("button", { name: "설정" }).waitFor();
        expect(
          await phoneDialog(page)
            .getByRole("group", { name: "키패드" })
            .count(),
        ).toBe(0);
      },
    );
});
