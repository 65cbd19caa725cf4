/**
 * Room management in the chat room window (spec §2.11, §4, §5, §6, §9), with two or three people each in their own
 * browser: inviting into a group room (the invitee does not see earlier messages), a project room made by inviting
 * from a 1:1 room, the chief-only invite, kick-out, delegation, the chief who cannot leave, leaving, and saving a chat.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { newReportingContext } from "./csp-guard.js";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

/** Signs a demo user in on a page that shows the login screen. */
async function signIn(page: Page, url: string, loginId: string) {
  await openLoginWithDomain(page, url);
  await submitLogin(page, loginId);
  await expectMainWindow(page, { hideNotice: true });
}

/** A second person's browser: a fresh context reporting to `violations`, signed in; closed by the returned function. */
async function otherBrowser(
  browser: Browser,
  url: string,
  loginId: string,
  violations: string[],
) {
  const context = await newReportingContext(browser, violations);
  const page = await context.newPage();
  await signIn(page, url, loginId);
  return { page, close: () => context.close() };
}

/** Opens a room from the room list by its listed name; returns its window. */
async function openRoom(main: Page, title: string): Promise<Page> {
  const row = main
    .getByRole("list", { name: "대화방 목록" })
    .getByRole("button", { name: new RegExp(`^${title}`) });
  const popup = main.waitForEvent("popup");
  await row.dblclick();
  const room = await popup;
  await room.getByRole("heading", { level: 1, name: title }).waitFor();
  return room;
}

async function chooseFromMenu(room: Page, item: string) {
  await room.getByRole("button", { name: "대화방 메뉴" }).click();
  await room.getByRole("menuitem", { name: item }).click();
}

/** Closes a dialog with its close button. */
async function closeDialog(room: Page, name: string | RegExp) {
  const dialog = room.getByRole("dialog", { name });
  await dialog.getByRole("button", { name: /^(닫기|Close)$/ }).click();
  await dialog.waitFor({ state: "hidden" });
}

async function say(room: Page, text: string) {
  const input = room.getByRole("textbox", { name: "메시지 입력" });
  await input.fill(text);
  await input.press("Enter");
  await room.getByText(text).waitFor();
}

/** Invites one person through the member list and the org picker. */
async function invite(room: Page, name: string) {
  await chooseFromMenu(room, "대화 상대");
  await room
    .getByRole("dialog", { name: /대화 상대/ })
    .getByRole("button", { name: "초대" })
    .click();
  const picker = room.getByRole("dialog", { name: "대화 상대 초대" });
  await picker.getByRole("textbox", { name: "이름 검색" }).fill(name);
  await picker.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();
  await picker.getByRole("button", { name: "확인" }).click();
}

describe("room management", () => {
  test("an invitee of a group room joins without the earlier messages; saving the chat downloads them as text", async ({
    server,
    browser,
    page,
    cspViolations,
  }) => {
    await signIn(page, server.url, "yujin.han");
    const peer = await connectPeer(server.url, "siwoo.shin");
    const invitee = await otherBrowser(
      browser,
      server.url,
      "hyejin.seo",
      cspViolations,
    );
    try {
      const meeting = await peer.createRoom(
        2,
        [peer.jidOf("yujin.han")],
        "기획 회의",
      );
      await peer.say(meeting, "초대 전 메시지");
      const room = await openRoom(page, "기획 회의");
      await room.getByText("초대 전 메시지").waitFor();

      await invite(room, "서혜진");
      await room.getByText("1명을 초대했습니다.", { exact: true }).waitFor();
      // Members show where they are signed in, live: the invitee in a browser, the other one at a PC client.
      const members = room.getByRole("dialog", { name: /대화 상대 \(3명\)/ });
      const row = (name: string) =>
        members.getByRole("listitem").filter({ hasText: name });
      await row("서혜진").getByText("웹 접속").waitFor();
      await row("신시우").getByText("PC 접속").waitFor();
      await closeDialog(room, /대화 상대/);
      await say(room, "초대 후 메시지");

      const theirs = await openRoom(invitee.page, "기획 회의");
      await theirs.getByText("초대 후 메시지").waitFor();
      expect(await theirs.getByText("초대 전 메시지").count()).toBe(0);

      const download = room.waitForEvent("download");
      await chooseFromMenu(room, "대화 저장");
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        /^기획 회의_\d{4}_\d{4}_\d{4}\.txt$/,
      );
      const text = await readFile(await file.path(), "utf8");
      const lines = text.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toMatch(
        /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\] 신시우\[대리\] : 초대 전 메시지$/,
      );
      expect(lines[1]).toMatch(/\] 한유진\[부장\] : 초대 후 메시지$/);
      await room
        .getByText("대화 내용을 저장했습니다.", { exact: true })
        .waitFor();
    } finally {
      await invitee.close();
      await peer.stop();
    }
  });

  test("a project room made from a 1:1 invite: only the chief invites, kicks out and delegates, and cannot leave while others remain", async ({
    server,
    browser,
    page,
    cspViolations,
  }) => {
    await signIn(page, server.url, "woojin.oh");
    const peer = await connectPeer(server.url, "donghyun.hwang");
    const member = await otherBrowser(
      browser,
      server.url,
      "jiwoo.kwon",
      cspViolations,
    );
    try {
      const dual = await peer.createRoom(1, [peer.jidOf("woojin.oh")]);
      await peer.say(dual, "프로젝트 하나 만들죠");
      const oneToOne = await openRoom(page, "황동현");

      // Inviting into a 1:1 room makes a new room with everyone; its type and name are chosen first.
      const newWindow = page.waitForEvent("popup");
      await invite(oneToOne, "권지우");
      const typeDialog = oneToOne.getByRole("dialog", {
        name: "대화방 만들기",
      });
      await typeDialog.getByRole("radio", { name: "프로젝트" }).check();
      await typeDialog
        .getByRole("textbox", { name: "대화방 이름" })
        .fill("신제품 TF");
      await typeDialog.getByRole("button", { name: "확인" }).click();
      const project = await newWindow;
      await project
        .getByRole("heading", { level: 1, name: "신제품 TF" })
        .waitFor();

      // A member who is not the chief is refused before the org picker opens.
      const theirs = await openRoom(member.page, "신제품 TF");
      await chooseFromMenu(theirs, "대화 상대");
      await theirs
        .getByRole("dialog", { name: /대화 상대/ })
        .getByRole("button", { name: "초대" })
        .click();
      await theirs
        .getByText("방장만 대화 상대를 초대할 수 있습니다.", { exact: true })
        .waitFor();
      await theirs.getByRole("button", { name: "확인" }).click();
      await closeDialog(theirs, /대화 상대/);
      await chooseFromMenu(theirs, "대화방 설정");
      const theirSettings = theirs.getByRole("dialog", { name: "대화방 설정" });
      await theirSettings.getByRole("tab", { name: "대화방 정보" }).waitFor();
      expect(
        await theirSettings.getByRole("tab", { name: "대화방 관리" }).count(),
      ).toBe(0);
      await closeDialog(theirs, "대화방 설정");

      // The chief kicks the 1:1 partner out.
      await chooseFromMenu(project, "대화방 설정");
      const settings = project.getByRole("dialog", { name: "대화방 설정" });
      await settings.getByRole("tab", { name: "대화방 관리" }).click();
      await settings
        .getByRole("group", { name: "내보낼 대화 상대" })
        .getByRole("checkbox", { name: "황동현" })
        .check();
      await settings.getByRole("button", { name: "내보내기" }).click();
      await project
        .getByRole("dialog", { name: "대화 상대 내보내기" })
        .getByRole("button", { name: "내보내기" })
        .click();
      await project
        .getByText("1명 중 1명을 내보냈습니다.", { exact: true })
        .waitFor();
      await project.getByLabel("대화 상대 2명").waitFor();

      // The chief cannot leave while someone remains.
      await closeDialog(project, "대화방 설정");
      await chooseFromMenu(project, "대화방 나가기");
      await project
        .getByText(
          /방장은 다른 대화 상대가 있는 동안 프로젝트 대화방을 나갈 수 없습니다/,
        )
        .waitFor();
      await project.getByRole("button", { name: "확인" }).click();

      // Delegation: the new chief gets the room setup tab.
      await chooseFromMenu(project, "대화방 설정");
      await settings.getByRole("tab", { name: "대화방 관리" }).click();
      await settings
        .getByRole("radiogroup", { name: "새 방장" })
        .getByRole("radio", { name: "권지우" })
        .check();
      await settings.getByRole("button", { name: "위임" }).click();
      await project
        .getByText("방장을 위임했습니다.", { exact: true })
        .waitFor();
      await settings
        .getByRole("tab", { name: "대화방 정보", selected: true })
        .waitFor();
      await settings.getByRole("tab", { name: "대화방 관리" }).waitFor({
        state: "detached",
      });

      await chooseFromMenu(theirs, "대화방 설정");
      await theirSettings.getByRole("tab", { name: "대화방 관리" }).waitFor();
      await closeDialog(theirs, "대화방 설정");

      // No longer chief, the former chief leaves: the window closes and the room leaves the list.
      await closeDialog(project, "대화방 설정");
      await chooseFromMenu(project, "대화방 나가기");
      const closed = project.waitForEvent("close");
      await project
        .getByRole("dialog", { name: "대화방 나가기" })
        .getByRole("button", { name: "확인" })
        .click();
      await closed;
      await page
        .getByRole("list", { name: "대화방 목록" })
        .getByRole("button", { name: /^신제품 TF/ })
        .waitFor({ state: "detached" });
      await theirs.getByLabel("대화 상대 1명").waitFor();
    } finally {
      await member.close();
      await peer.stop();
    }
  });

  test("a kicked member's old messages keep their name, also after reopening the room and in the saved chat", async ({
    server,
    page,
  }) => {
    await signIn(page, server.url, "jungwoo.song");
    const chief = await connectPeer(server.url, "jimin.kim");
    const leaving = await connectPeer(server.url, "minsu.kim");
    try {
      const project = await chief.createRoom(
        3,
        [chief.jidOf("jungwoo.song"), leaving.jid],
        "이별 테스트",
      );
      await leaving.say(project, "그동안 고마웠어요");
      const room = await openRoom(page, "이별 테스트");
      const farewell = room.getByRole("article", {
        name: "김민수님의 메시지",
      });
      await farewell.getByText("그동안 고마웠어요").waitFor();

      await chief.kick(project, [leaving.jid]);
      await room
        .getByRole("note")
        .getByText("김지민님이 김민수님을 내보냈습니다.", { exact: true })
        .waitFor();
      await room.getByLabel("대화 상대 2명").waitFor();
      // Still named in the open window, where the member list no longer has them…
      await farewell.waitFor();
      expect(await room.getByText("minsu.kim", { exact: false }).count()).toBe(
        0,
      );

      // …and in a window that reads the archive afresh.
      await room.close();
      const again = await openRoom(page, "이별 테스트");
      await again
        .getByRole("article", { name: "김민수님의 메시지" })
        .getByText("그동안 고마웠어요")
        .waitFor();
      await again
        .getByRole("note")
        .getByText("김지민님이 김민수님을 내보냈습니다.", { exact: true })
        .waitFor();
      expect(await again.getByText("minsu.kim", { exact: false }).count()).toBe(
        0,
      );

      const download = again.waitForEvent("download");
      await chooseFromMenu(again, "대화 저장");
      const text = await readFile(await (await download).path(), "utf8");
      expect(text).toMatch(/\] 김민수\[차장\] : 그동안 고마웠어요/);
    } finally {
      await leaving.stop();
      await chief.stop();
    }
  });

  test("saving a room without conversation says there is nothing to save", async ({
    server,
    page,
  }) => {
    await signIn(page, server.url, "junho.hong");
    const peer = await connectPeer(server.url, "seoyeon.ryu");
    try {
      await peer.createRoom(2, [peer.jidOf("junho.hong")], "빈 방");
      const room = await openRoom(page, "빈 방");
      await chooseFromMenu(room, "대화 저장");
      await room
        .getByText("저장할 대화 내용이 없습니다.", { exact: true })
        .waitFor();
    } finally {
      await peer.stop();
    }
  });
});
