/**
 * The chat server goes away and comes back, and the network flickers: two signed-in users stay signed in through a
 * 20 s and a 60 s server outage (the backoff keeps retrying for two minutes), the network dialog clears by itself,
 * the messages a third client sent meanwhile arrive and are counted, and auto login stays on.
 */
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer, type ChatPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";
import { secondUser } from "./room-helpers.js";

const PEER = "jaewon.yoon";

const networkDialog = (page: Page) =>
  page.getByRole("dialog", { name: "네트워크" });

const roomRow = (page: Page, unread: number) =>
  page.getByRole("list", { name: "대화방 목록" }).getByRole("button", {
    name: `윤재원, 읽지 않은 메시지 ${String(unread)}개`,
  });

/** Signs in with auto login ticked, as a user who expects to stay signed in. */
async function signInWithAutoLogin(page: Page, url: string, loginId: string) {
  await openLoginWithDomain(page, url);
  await page.getByRole("checkbox", { name: "자동 로그인" }).check();
  await submitLogin(page, loginId);
  await expectMainWindow(page);
}

/** Whether the stored login settings still have auto login on (the login screen would sign in by itself). */
const autoLoginOn = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("moa.login");
    return raw ? (JSON.parse(raw) as { auto?: boolean }).auto === true : false;
  });

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

describe("reconnect", () => {
  // Generous limits: the first test also waits for the file's server, whose first start can be slow on a busy machine.
  test(
    "after an offline/online blip the network dialog says the connection is restored and closes by itself, and messages keep coming",
    {
      timeout: 300_000,
    },
    async ({ server, page }) => {
      await openLoginWithDomain(page, server.url);
      await submitLogin(page, "youngho.choi");
      await expectMainWindow(page);
      const peer = await connectPeer(server.url, PEER);
      try {
        const room = await peer.createRoom(1, [peer.jidOf("youngho.choi")]);

        await page.context().setOffline(true);
        await networkDialog(page)
          .getByText("네트워크 연결이 끊어졌습니다")
          .waitFor();
        await page.context().setOffline(false);
        // Back online, the client retries at once: the dialog turns to "restored" within seconds, then closes by itself.
        await networkDialog(page)
          .getByText("네트워크 연결이 복구되었습니다")
          .waitFor({ timeout: 5000 });
        await networkDialog(page).waitFor({ state: "hidden", timeout: 5000 });

        await peer.say(room, "돌아온 뒤 메시지");
        await roomRow(page, 1).waitFor();
      } finally {
        await peer.stop();
      }
    },
  );

  // Last: it replaces the file's server with a restarted one on the same port and data.
  test(
    "through a 20 s and a 60 s server outage both users stay signed in and get the messages sent meanwhile",
    { timeout: 600_000 },
    async ({ server, page, browser }) => {
      const errors: string[] = [];
      await signInWithAutoLogin(page, server.url, "hyunwoo.kang");
      const other = await secondUser(browser, server.url, "gaeun.jung", errors);
      const users = [page, other.page];
      const logins: string[] = [];
      for (const p of users)
        p.on("request", (req) => {
          if (req.url().includes("/api/v1/auth/login2")) logins.push(req.url());
        });

      let peer: ChatPeer | undefined = await connectPeer(server.url, PEER);
      const rooms = [
        await peer.createRoom(1, [peer.jidOf("hyunwoo.kang")]),
        await peer.createRoom(1, [peer.jidOf("gaeun.jung")]),
      ];
      for (const room of rooms) await peer.say(room, "재시작 전 메시지");
      for (const p of users) await roomRow(p, 1).waitFor();
      await peer.stop();
      peer = undefined;

      const port = new URL(server.url).port;
      let current: ServerProcess = server;
      let sent = 1;
      try {
        for (const seconds of [20, 60]) {
          await current.stop({ keepData: true });
          const downAt = Date.now();
          for (const p of users)
            await networkDialog(p)
              .getByText("네트워크 연결이 끊어졌습니다")
              .waitFor({ timeout: 20_000 });
          // The outage's length is what this test is about: the server stays away for exactly that long.
          await sleep(downAt + seconds * 1000 - Date.now());
          current = await startServerProcess({
            dataDir: server.dataDir,
            env: { PORT: port },
          });

          // A third client writes to both users before (or while) they come back.
          peer = await connectPeer(current.url, PEER);
          for (const room of rooms) {
            await peer.say(room, `${String(seconds)}초 동안 1`);
            await peer.say(room, `${String(seconds)}초 동안 2`);
          }
          sent += 2;

          for (const p of users) {
            // Back without any login: the dialog closes by itself, the main window never left.
            await networkDialog(p).waitFor({
              state: "hidden",
              timeout: 120_000,
            });
            await expectMainWindow(p);
            expect(new URL(p.url()).hash).toBe("#/");
            const row = roomRow(p, sent);
            await row.waitFor({ timeout: 20_000 });
            expect(await row.textContent()).toContain(
              `${String(seconds)}초 동안 2`,
            );
          }
          await peer.stop();
          peer = undefined;
        }
        expect(logins).toEqual([]);
        expect(await autoLoginOn(page)).toBe(true);
        // A stopping server answers 503 to requests that reach it while it drains, as a load balancer with no node
        // would; Chromium logs each as a failed resource. They are the outage itself, not an error of the client.
        expect(
          errors.filter(
            (e) => !e.includes("the server responded with a status of 503"),
          ),
        ).toEqual([]);
      } finally {
        await peer?.stop();
        await other.close();
        if (current !== server) await current.stop();
      }
    },
  );
});
