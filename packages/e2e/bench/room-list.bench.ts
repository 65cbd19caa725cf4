/**
 * Room list scrolling in real Chromium against the built server: a demo user in 5,000 rooms (made by another user
 * over XMPP, every 10th with an unread message), then the chatting tab's list is scrolled from top to bottom and back
 * while every animation frame's interval is recorded. Prints one JSON line per pass with p50/p95/max frame times (ms)
 * and the time until the list showed. Run with `npm run bench` (after `npm run build`).
 */
import { startServerProcess } from "@moa/server/testing";
import { launchChromium } from "../src/browser.js";
import { connectPeer } from "../src/chat-peer.js";
import { emit, scrollFramesScript } from "./bench-steps.js";
import { frameStats } from "./frame-stats.js";

const ROOMS = 5000;
// Room creations in flight at once, and the least time per batch: the server closes a stream sending over 200
// stanzas/s (docs/protocol.md §1), so 55 stanzas per 350 ms stay under it.
const CREATE_CONCURRENCY = 50;
const BATCH_MIN_MS = 350;
const ROOMS_PER_PEER = 1000;
const USER = "minsu.kim";
const OTHER = "jaewon.yoon";
// Pixels scrolled per frame: about 3 rows, a brisk flick on a trackpad.
const SCROLL_STEP_PX = 180;

const server = await startServerProcess();
const browser = await launchChromium();
try {
  const seedStart = performance.now();
  for (let first = 0; first < ROOMS; first += ROOMS_PER_PEER) {
    // A fresh connection per share: the server drops a stream holding over 5,000 unacknowledged stanzas.
    const peer = await connectPeer(server.url, OTHER);
    try {
      const me = peer.jidOf(USER);
      const end = Math.min(ROOMS, first + ROOMS_PER_PEER);
      for (let i = first; i < end; i += CREATE_CONCURRENCY) {
        const batchStart = performance.now();
        await Promise.all(
          Array.from(
            { length: Math.min(CREATE_CONCURRENCY, end - i) },
            async (_, k) => {
              const n = i + k;
              const room = await peer.createRoom(
                2,
                [me],
                `벤치방 ${String(n).padStart(4, "0")}`,
              );
              if (n % 10 === 0)
                await peer.say(room, `읽지 않은 메시지 ${String(n)}`);
            },
          ),
        );
        const left = BATCH_MIN_MS - (performance.now() - batchStart);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      }
    } finally {
      await peer.stop();
    }
  }
  emit({
    bench: "room-list-seed",
    rooms: ROOMS,
    ms: Math.round(performance.now() - seedStart),
  });

  const context = await browser.newContext({
    locale: "ko-KR",
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(() => {
    localStorage.setItem(
      "moa.login",
      JSON.stringify({
        domain: "demo.moa.test",
        domains: ["demo.moa.test"],
        saveId: false,
        id: "",
        auto: false,
      }),
    );
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/#/login`);
  await page.getByRole("textbox", { name: "아이디" }).fill(USER);
  const pw = page.getByLabel("비밀번호", { exact: true });
  await pw.fill("moa1234!");
  const loginStart = performance.now();
  await pw.press("Enter");
  const list = page.getByRole("list", { name: "대화방 목록" });
  await list.getByRole("listitem").first().waitFor({ timeout: 60_000 });
  emit({
    bench: "room-list-shown",
    rooms: ROOMS,
    ms: Math.round(performance.now() - loginStart),
  });
  // A notice popup may cover the list; it does not change what scrolling costs.
  await page.keyboard.press("Escape");

  for (const pass of [1, 2]) {
    const frames = await page.evaluate<number[]>(
      scrollFramesScript(
        ".moa-chat__list[data-virtuoso-scroller]",
        SCROLL_STEP_PX,
      ),
    );
    emit({
      bench: "room-list-scroll",
      pass,
      rooms: ROOMS,
      ...frameStats(frames),
    });
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
