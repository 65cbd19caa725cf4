/**
 * The chat server goes away and comes back: the network dialog shows, the app reconnects on its own, and the
 * messages sent while it was away are in the room list (reloaded and caught up through the archive).
 */
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import type { WebSocketRoute } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer, type ChatPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

describe("reconnect", () => {
  test("a server restart shows the network failure dialog, then reconnects automatically with the missed messages", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "hyunwoo.kang");
    await expectMainWindow(page);
    const rooms = page.getByRole("list", { name: "대화방 목록" });

    let peer: ChatPeer | undefined = await connectPeer(
      server.url,
      "jaewon.yoon",
    );
    const room = await peer.createRoom(1, [peer.jidOf("hyunwoo.kang")]);
    await peer.say(room, "재시작 전 메시지");
    await rooms
      .getByRole("button", { name: "윤재원, 읽지 않은 메시지 1개" })
      .waitFor();
    await peer.stop();
    peer = undefined;

    const port = new URL(server.url).port;
    await server.stop({ keepData: true });
    await page
      .getByRole("dialog", { name: "네트워크" })
      .getByText("네트워크 연결이 끊어졌습니다")
      .waitFor({ timeout: 20_000 });

    // Hold the browser's reconnect attempt in the network until the other user has written while it was away.
    const held: { release?: () => void } = {};
    await page.routeWebSocket(/\/ws\/$/, (ws) => {
      const early: string[] = [];
      let upstream: WebSocketRoute | null = null;
      ws.onMessage((m) => {
        if (upstream) upstream.send(m);
        else early.push(String(m));
      });
      held.release = () => {
        upstream = ws.connectToServer();
        for (const m of early) upstream.send(m);
      };
    });

    let restarted: ServerProcess | undefined;
    try {
      restarted = await startServerProcess({
        dataDir: server.dataDir,
        env: { PORT: port },
      });
      peer = await connectPeer(restarted.url, "jaewon.yoon");
      await peer.say(room, "없는 동안 1");
      await peer.say(room, "없는 동안 2");
      await expect.poll(() => held.release !== undefined).toBe(true);
      held.release?.();

      const restored = page.getByRole("dialog", { name: "네트워크" });
      await restored
        .getByText("네트워크 연결이 복구되었습니다.")
        .waitFor({ timeout: 30_000 });
      await restored.getByRole("button", { name: "확인" }).click();
      await restored.waitFor({ state: "hidden" });
      await expectMainWindow(page);
      expect(new URL(page.url()).hash).toBe("#/");

      const row = rooms.getByRole("button", {
        name: "윤재원, 읽지 않은 메시지 3개",
      });
      await row.waitFor();
      expect(await row.textContent()).toContain("없는 동안 2");
      expect(await rooms.getByRole("listitem").count()).toBe(1);
    } finally {
      await peer?.stop();
      await restarted?.stop();
    }
  });
});
