/**
 * A stock browser XMPP client no one here wrote — Converse.js, served by the test on the server's origin — logs in
 * over WebSocket, finds the room through discovery, shows its history from the archive after a reload, sends a
 * message the Moa web client receives, and chats 1:1 with a friend who uses the Moa web client (docs/protocol.md §4,
 * §8, §9).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, normalize } from "node:path";
import { roomJid } from "@moa/shared";
import { loginAs } from "@moa/server/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { connectPeer } from "./chat-peer.js";
import { test } from "./fixtures.js";
import { DEMO } from "./login-helpers.js";
import { bubble, openRoomWindow, sendText, signIn } from "./room-helpers.js";

const converseDist = dirname(
  createRequire(import.meta.url).resolve("converse.js/dist/converse.min.js"),
);
/** Where the test serves Converse: under the Moa server's origin, which the chat socket accepts browsers from. */
const PREFIX = "/converse-test/";

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".png": "image/png",
};

function conversePage(settings: Record<string, unknown>): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Converse</title>
<link rel="stylesheet" href="${PREFIX}dist/converse.min.css">
</head><body class="converse-fullscreen"><script type="module">
import converse from "${PREFIX}dist/converse.min.js";
converse.initialize(${JSON.stringify(settings)});
</script></body></html>`;
}

/**
 * Serves Converse's dist and a page that starts it, on the server's origin (a page route, nothing listens).
 * @param context - the browser context Converse runs in.
 * @param serverUrl - the Moa server.
 * @param settings - Converse's settings.
 */
async function serveConverse(
  context: BrowserContext,
  serverUrl: string,
  settings: Record<string, unknown>,
): Promise<void> {
  await context.route(`${serverUrl}${PREFIX}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(PREFIX.length);
    if (path === "" || path === "index.html") {
      await route.fulfill({
        contentType: "text/html",
        body: conversePage(settings),
      });
      return;
    }
    const file = normalize(join(converseDist, path.replace(/^dist\//, "")));
    if (!file.startsWith(converseDist)) {
      await route.fulfill({ status: 404 });
      return;
    }
    try {
      const ext = file.slice(file.lastIndexOf("."));
      await route.fulfill({
        body: await readFile(file),
        contentType: TYPES[ext] ?? "application/octet-stream",
      });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
}

/**
 * Opens Converse in a fresh browser context (no cached messages: what it shows comes from the server).
 * @returns the context and its page.
 */
async function openConverse(
  browser: Browser,
  serverUrl: string,
  settings: Record<string, unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  // A routed page has no server address, so Chromium counts it as a public site asking for a local one.
  const context = await browser.newContext({
    permissions: ["local-network-access"],
  });
  await serveConverse(context, serverUrl, settings);
  const page = await context.newPage();
  await page.goto(`${serverUrl}${PREFIX}`);
  return { context, page };
}

/**
 * The message composer of Converse's open chat box of one kind: `converse-muc` for a room, `converse-chat` for 1:1.
 * Naming the kind makes a step wait for the 1:1 box that a click opens asynchronously, instead of typing into the room
 * box still on screen.
 */
const composer = (page: Page, box: "converse-muc" | "converse-chat") =>
  page.locator(box).getByRole("textbox", { name: /message/i });

describe("Converse.js", () => {
  test("logs in over WebSocket, shows a room's archived history when started again, sends to a Moa web user's room and chats 1:1 with them", async ({
    server,
    browser,
    page,
  }) => {
    const peer = await connectPeer(server.url, "jaewon.yoon");
    const contexts: BrowserContext[] = [];
    try {
      const converseUser = "nayeon.park";
      const jid = peer.jidOf(converseUser);
      const domain = jid.split("@")[1] ?? "";
      const room = await peer.createRoom(
        2,
        [peer.jidOf(converseUser), peer.jidOf("sungmin.lee")],
        "컨버스 회의",
      );
      await peer.say(room, "컨버스에서도 보이나요");
      // The colleague is the Converse user's friend, so Converse lists them as a contact. (Converse 14 cannot start
      // a chat with a JID outside the roster on a server without XEP-0191 blocking: it waits for a block list.)
      const tokens = await loginAs(
        { url: server.url },
        { loginId: converseUser, domain: DEMO.domain, password: DEMO.password },
      );
      const added = await fetch(
        `${server.url}/api/v1/chat/home/relation/new/list.json`,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${tokens.accessToken}`,
            "content-type": "application/json",
          },
          body: JSON.stringify([{ id: "sungmin.lee" }]),
        },
      );
      expect(added.ok).toBe(true);
      const settings = {
        websocket_url: `${server.url.replace(/^http/, "ws")}/ws/`,
        discover_connection_methods: false,
        authentication: "login",
        auto_login: true,
        jid,
        // The account password, as a Converse user types it (SCRAM-SHA-256 over the WebSocket).
        password: DEMO.password,
        view_mode: "fullscreen",
        auto_join_rooms: [roomJid(room, domain)],
        muc_nickname_from_jid: true,
        assets_path: `${PREFIX}dist/`,
        loglevel: "error",
        play_sounds: false,
      };
      const first = await openConverse(browser, server.url, settings);
      contexts.push(first.context);
      await first.page.getByText("컨버스에서도 보이나요").first().waitFor({
        timeout: 30_000,
      });
      await first.context.close();

      // While Converse is away the talk goes on; started again with nothing cached, it pages the room's archive.
      await peer.say(room, "다시 열기 전에 보낸 말");
      const second = await openConverse(browser, server.url, settings);
      contexts.push(second.context);
      const converse = second.page;
      await converse.getByText("다시 열기 전에 보낸 말").first().waitFor({
        timeout: 30_000,
      });
      await converse.getByText("컨버스에서도 보이나요").first().waitFor();

      await signIn(page, server.url, "sungmin.lee");
      const moaRoom = await openRoomWindow(page, /^컨버스 회의/);
      const roomComposer = composer(converse, "converse-muc");
      await roomComposer.fill("컨버스에서 보냅니다");
      await roomComposer.press("Enter");
      await bubble(moaRoom, "컨버스에서 보냅니다").waitFor();

      // A 1:1 chat opened from Converse's contact list arrives in the Moa user's dual room; the answer comes back.
      await converse
        .locator("converse-roster")
        .getByRole("link", { name: /이성민/ })
        .click();
      const dualComposer = composer(converse, "converse-chat");
      await dualComposer.fill("컨버스에서 1:1로 인사해요");
      await dualComposer.press("Enter");
      const moaDual = await openRoomWindow(page, /^박나연/);
      await bubble(moaDual, "컨버스에서 1:1로 인사해요").waitFor();
      await sendText(moaDual, "웹에서 답해요");
      await converse.getByText("웹에서 답해요").waitFor();
    } finally {
      for (const c of contexts) await c.close();
      await peer.stop();
    }
  });
});
