/**
 * The settings window and the alarm settings dialog as a user works them (spec §2.3, §2.12, §3): each change applies
 * at once in the main window and in open room windows, idle thresholds run on the page's clock (moved by the test, not
 * waited for), pushed groupware alarms toast only for the kinds left on and never while locked, and the settings
 * survive logging out and in again.
 */
import { DEMO_INTEGRATION_KEY } from "@moa/server/testing";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import { DEMO, expectMainWindow, submitLogin } from "./login-helpers.js";
import { openRoomWindow, signIn } from "./room-helpers.js";
import { openSettings } from "./settings-helpers.js";

/** Sends a groupware alarm to a user through the integration API (docs/integration.md). */
async function pushAlarm(
  serverUrl: string,
  loginId: string,
  type: string,
  title: string,
): Promise<void> {
  const res = await fetch(`${serverUrl}/integration/v1/alarms`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${DEMO_INTEGRATION_KEY}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({
      loginId,
      type,
      title,
      sender: "그룹웨어",
      link: "note",
    }),
  });
  expect(res.ok).toBe(true);
}

/** The CSS value a room window's root gives chat text. */
const chatFontSize = (room: Page) =>
  room
    .locator("main.moa-room")
    .evaluate((el) =>
      (el as HTMLElement).style.getPropertyValue("--moa-chat-font-size"),
    );

describe("settings window", () => {
  test("away and lock follow the basic tab's thresholds on the page's clock", async ({
    server,
    page,
  }) => {
    await page.clock.install();
    await signIn(page, server.url, "sungmin.lee");
    const settings = await openSettings(page);
    await settings
      .getByRole("spinbutton", { name: "자리 비움 전환 시간(분)" })
      .fill("1");
    await settings
      .getByRole("spinbutton", { name: "자동 잠금 시간(분)" })
      .fill("3");

    await page.clock.fastForward("01:05");
    await page.getByRole("button", { name: "내 상태: 자리 비움" }).waitFor();
    expect(
      await page.getByRole("heading", { name: "잠금 상태입니다" }).count(),
    ).toBe(0);

    await page.clock.fastForward("02:00");
    await page.getByRole("heading", { name: "잠금 상태입니다" }).waitFor();
  });

  test("the chat room tab's font size and the basic tab's theme reach an already open room window", async ({
    server,
    page,
  }) => {
    const peer = await connectPeer(server.url, "jaewon.yoon");
    try {
      const room = await peer.createRoom(
        2,
        [peer.jidOf("youngho.choi"), peer.jidOf(DEMO.free)],
        "설정 확인 대화방",
      );
      await peer.say(room, "글자 크기 확인");
    } finally {
      await peer.stop();
    }
    await signIn(page, server.url, "youngho.choi");
    const room = await openRoomWindow(page, /^설정 확인 대화방/);
    expect(await chatFontSize(room)).toBe("100%");

    const settings = await openSettings(page);
    await settings.getByRole("tab", { name: "대화방" }).click();
    // antd draws the radio as a button over a hidden input: the pointer clicks the drawn label.
    await settings.getByText("140%", { exact: true }).click();
    await expect.poll(() => chatFontSize(room)).toBe("140%");

    await settings.getByRole("tab", { name: "기본" }).click();
    await settings.getByText("어둡게", { exact: true }).click();
    for (const win of [room, page])
      await expect
        .poll(() => win.evaluate(() => document.documentElement.dataset.theme))
        .toBe("dark");
  });

  test("settings survive logging out and in; widgets and the mini window follow the other tab", async ({
    server,
    page,
  }) => {
    await page
      .context()
      .route("https://demo.moa.test/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "mini" }),
      );
    await signIn(page, server.url, "nayeon.park");
    const widgets = page.getByRole("navigation", { name: "위젯" });
    await widgets.getByRole("button", { name: /^일정/ }).waitFor();

    const settings = await openSettings(page);
    await settings.getByRole("tab", { name: "기타" }).click();
    await settings.getByRole("checkbox", { name: "일정" }).uncheck();
    await settings.getByText("미니 창", { exact: true }).click();
    await settings.getByRole("tab", { name: "조직도" }).click();
    await settings.getByText("직책", { exact: true }).click();
    await settings.getByRole("tab", { name: "알림음" }).click();
    await settings.getByRole("switch", { name: "모든 알림음 끄기" }).click();
    await settings.getByRole("tab", { name: "대화방" }).click();
    const selfRoom = settings.getByRole("switch", { name: "나와의 채팅 사용" });
    await expect.poll(() => selfRoom.isEnabled()).toBe(true);
    expect(await selfRoom.isChecked()).toBe(true);
    await selfRoom.click();
    await expect.poll(() => selfRoom.isChecked()).toBe(false);

    // The header dropped the widget at once, and widgets now open the groupware's mini window.
    await widgets.getByRole("button", { name: /^일정/ }).waitFor({
      state: "detached",
    });
    const mini = page.waitForEvent("popup");
    await widgets.getByRole("button", { name: /^쪽지/ }).click();
    const url = new URL((await mini).url());
    expect(url.origin + url.pathname).toBe(`https://${DEMO.domain}/mini`);
    expect(url.searchParams.get("target")).toBe("/note");

    await page
      .getByRole("button", { name: /나연|박나연/ })
      .first()
      .click();
    await page
      .getByRole("dialog", { name: "내 정보" })
      .getByRole("button", { name: "로그아웃" })
      .click();
    await page.getByRole("heading", { level: 1, name: "로그인" }).waitFor();
    await submitLogin(page, "nayeon.park");
    await expectMainWindow(page);

    await page
      .getByRole("navigation", { name: "위젯" })
      .getByRole("button", { name: /^쪽지/ })
      .waitFor();
    expect(
      await page
        .getByRole("navigation", { name: "위젯" })
        .getByRole("button", { name: /^일정/ })
        .count(),
    ).toBe(0);
    const again = await openSettings(page);
    await again.getByRole("tab", { name: "기타" }).click();
    expect(
      await again.getByRole("radio", { name: "미니 창" }).isChecked(),
    ).toBe(true);
    await again.getByRole("tab", { name: "조직도" }).click();
    expect(await again.getByRole("radio", { name: "직책" }).isChecked()).toBe(
      true,
    );
    await again.getByRole("tab", { name: "알림음" }).click();
    expect(
      await again.getByRole("switch", { name: "모든 알림음 끄기" }).isChecked(),
    ).toBe(true);
    await again.getByRole("tab", { name: "대화방" }).click();
    const selfAgain = again.getByRole("switch", { name: "나와의 채팅 사용" });
    await expect.poll(() => selfAgain.isEnabled()).toBe(true);
    expect(await selfAgain.isChecked()).toBe(false);
  });
});

describe("mini window", () => {
  test("with widgets set to open in the mini window, the shortcut tab and the user card's note open it too", async ({
    server,
    page,
  }) => {
    await page
      .context()
      .route("https://demo.moa.test/**", (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "mini" }),
      );
    // Every test of this file signs in as its own user: a second login of one user meets the session-exists dialog.
    await signIn(page, server.url, DEMO.free);
    const settings = await openSettings(page);
    await settings.getByRole("tab", { name: "기타" }).click();
    await settings.getByText("미니 창", { exact: true }).click();
    await settings.close();

    /** The groupware page a click opens, as the mini window's target. */
    const miniTarget = async (click: () => Promise<void>) => {
      const popup = page.waitForEvent("popup");
      await click();
      const url = new URL((await popup).url());
      expect(url.origin + url.pathname).toBe(`https://${DEMO.domain}/mini`);
      return url.searchParams.get("target");
    };

    await page.getByRole("tab", { name: "바로가기" }).click();
    expect(
      await miniTarget(() =>
        page
          .getByRole("tabpanel")
          .getByRole("button", { name: "쪽지" })
          .click(),
      ),
    ).toBe("/note");

    await page.getByRole("tab", { name: "조직도" }).click();
    await page
      .getByRole("tree", { name: "조직도" })
      .getByRole("treeitem", { name: /^김민수/ })
      .click();
    const card = page.getByRole("dialog", { name: "사용자 정보" });
    expect(
      await miniTarget(() =>
        card.getByRole("button", { name: "쪽지" }).click(),
      ),
    ).toBe(`/note?to=${DEMO.normal}`);
  });
});

describe("alarm settings dialog", () => {
  test("a pushed alarm toasts only when its kind is on, and never while the app is locked", async ({
    server,
    page,
  }) => {
    const user = "minsu.kim";
    await signIn(page, server.url, user);
    await page.getByRole("tab", { name: "더보기" }).click();
    await page.getByRole("button", { name: "알림 설정" }).click();
    const dialog = page.getByRole("dialog", { name: "알림 설정" });
    const approval = dialog.getByRole("checkbox", { name: "전자결재" });
    expect(await approval.isChecked()).toBe(true);
    expect(
      await dialog.getByRole("checkbox", { name: "웹팩스" }).isChecked(),
    ).toBe(false);
    await approval.uncheck();
    await dialog.getByRole("button", { name: "확인" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Pushes arrive in order: once the later note shows, the approval before it has had its chance.
    await pushAlarm(server.url, user, "007", "결재 요청 숨김");
    await pushAlarm(server.url, user, "004", "새 쪽지 도착");
    await page.getByRole("status", { name: /새 쪽지 도착/ }).waitFor();
    expect(await page.getByText("결재 요청 숨김").count()).toBe(0);

    await page.getByRole("button", { name: /김민수/ }).click();
    await page
      .getByRole("dialog", { name: "내 정보" })
      .getByRole("button", { name: "잠금" })
      .click();
    await page.getByRole("heading", { name: "잠금 상태입니다" }).waitFor();
    await pushAlarm(server.url, user, "004", "잠금 중 쪽지");
    const password = page.getByLabel("비밀번호");
    await password.fill(DEMO.password);
    await password.press("Enter");
    await page.getByRole("tab", { name: "채팅" }).waitFor();
    await pushAlarm(server.url, user, "004", "잠금 해제 후 쪽지");
    await page.getByRole("status", { name: /잠금 해제 후 쪽지/ }).waitFor();
    expect(await page.getByText("잠금 중 쪽지").count()).toBe(0);
  });
});
