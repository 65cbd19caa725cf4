/** The chat server goes away and comes back: the network dialog shows, and the app reconnects on its own. */
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import { describe, expect } from "vitest";
import { test } from "./fixtures.js";
import {
  expectMainWindow,
  openLoginWithDomain,
  submitLogin,
} from "./login-helpers.js";

describe("reconnect", () => {
  test("a server restart shows the network failure dialog, then reconnects automatically and says so", async ({
    server,
    page,
  }) => {
    await openLoginWithDomain(page, server.url);
    await submitLogin(page, "hyunwoo.kang");
    await expectMainWindow(page);

    const port = new URL(server.url).port;
    await server.stop({ keepData: true });
    await page
      .getByRole("dialog", { name: "네트워크" })
      .getByText("네트워크 연결이 끊어졌습니다")
      .waitFor({ timeout: 20_000 });

    let restarted: ServerProcess | undefined;
    try {
      restarted = await startServerProcess({
        dataDir: server.dataDir,
        env: { PORT: port },
      });
      const restored = page.getByRole("dialog", { name: "네트워크" });
      await restored
        .getByText("네트워크 연결이 복구되었습니다.")
        .waitFor({ timeout: 30_000 });
      await restored.getByRole("button", { name: "확인" }).click();
      await restored.waitFor({ state: "hidden" });
      await expectMainWindow(page);
      expect(new URL(page.url()).hash).toBe("#/");
    } finally {
      await restarted?.stop();
    }
  });
});
