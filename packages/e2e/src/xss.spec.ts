/**
 * No text a user controls ever runs as code: 100 XSS payloads sent as message texts, short ones as room titles, and
 * one as another user's name and nickname, all shown in the room list and the room windows. Tripwires: every
 * payload would set `window.__xss` or open a dialog if it ran; neither may happen, and each text shows literally.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startServerProcess, type ServerProcess } from "@moa/server/testing";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer, type ChatPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import { SHORT_PAYLOADS, XSS_PAYLOADS } from "./fixtures/xss-payloads.js";
import { DEMO } from "./login-helpers.js";
import { openRoomWindow, signIn, watchErrors } from "./room-helpers.js";

const cliPath = fileURLToPath(
  new URL("../../server/dist/cli/moa.js", import.meta.url),
);
const EVIL_NAME = "<img src=x onerror=window.__xss=true>";
const EVIL_NICKNAME = "<svg/onload=alert()>";

/** Every text the room window's list shows, collected while scrolling it from top to bottom. */
function collectShownTexts(
  room: Page,
): Promise<{ texts: string[]; senders: string[] }> {
  return room.evaluate(async () => {
    const scroller = document.querySelector("[data-virtuoso-scroller]");
    const texts = new Set<string>();
    const senders = new Set<string>();
    if (!scroller) return { texts: [], senders: [] };
    scroller.scrollTop = 0;
    for (let step = 0; step < 500; step += 1) {
      await new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      );
      for (const el of document.querySelectorAll(".moa-msg__text"))
        texts.add(el.textContent);
      for (const el of document.querySelectorAll(".moa-msg__sender"))
        senders.add(el.textContent);
      if (
        scroller.scrollTop + scroller.clientHeight >=
        scroller.scrollHeight - 2
      )
        break;
      scroller.scrollTop += 150;
    }
    return { texts: [...texts], senders: [...senders] };
  });
}

const tripped = (p: Page) =>
  p.evaluate(() => (window as { __xss?: unknown }).__xss !== undefined);

describe("xss", () => {
  test("100 payloads as messages, room titles and a user's name show as text and never run", async ({
    server,
    page,
  }) => {
    // The other user's name and nickname are set with the admin CLI, which needs the server stopped.
    const port = new URL(server.url).port;
    await server.stop({ keepData: true });
    execFileSync(
      process.execPath,
      [
        cliPath,
        "user",
        "update",
        "--domain",
        DEMO.domain,
        "--login",
        "jaewon.yoon",
        "--name",
        EVIL_NAME,
        "--nickname",
        EVIL_NICKNAME,
      ],
      {
        env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: "warn" },
        stdio: "ignore",
      },
    );
    let restarted: ServerProcess | undefined;
    let peer: ChatPeer | undefined;
    const dialogs: string[] = [];
    const errors: string[] = [];
    const context = page.context();
    const watchDialogs = (p: Page) => {
      p.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    };
    watchDialogs(page);
    context.on("page", watchDialogs);
    try {
      restarted = await startServerProcess({
        dataDir: server.dataDir,
        env: { PORT: port },
      });
      peer = await connectPeer(restarted.url, "jaewon.yoon");
      const me = peer.jidOf("minsu.kim");
      for (const title of SHORT_PAYLOADS) {
        const room = await peer.createRoom(2, [me], title);
        await peer.say(room, title);
      }
      const dual = await peer.createRoom(1, [me]);
      for (const text of XSS_PAYLOADS) await peer.say(dual, text);

      await signIn(page, restarted.url, "minsu.kim");
      const list = page.getByRole("list", { name: "대화방 목록" });
      await list.getByRole("listitem").nth(SHORT_PAYLOADS.length).waitFor();
      const listed = await list.locator(".moa-chat__name").allTextContents();
      expect(listed).toEqual(
        expect.arrayContaining([...SHORT_PAYLOADS, EVIL_NAME]),
      );

      const dualWindow = await openRoomWindow(
        page,
        new RegExp(`^${EVIL_NAME.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`),
      );
      watchErrors(dualWindow, errors);
      await dualWindow
        .getByRole("heading", { level: 1, name: EVIL_NAME })
        .waitFor();
      const shown = await collectShownTexts(dualWindow);
      expect(shown.texts).toEqual(expect.arrayContaining([...XSS_PAYLOADS]));
      expect(shown.senders).toContain(EVIL_NAME);

      const titled = await openRoomWindow(page, /^<svg\/onload=alert\(\)>/);
      watchErrors(titled, errors);
      await titled
        .getByRole("heading", { level: 1, name: "<svg/onload=alert()>" })
        .waitFor();

      for (const p of [page, dualWindow, titled])
        expect(await tripped(p)).toBe(false);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await peer?.stop();
      await restarted?.stop();
    }
  });
});
