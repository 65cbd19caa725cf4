/**
 * Scrolling a chat room window back through 10,000 messages in real Chromium against the built server: the window
 * starts at the newest page and pages in older history (100 per page, 1 s apart) as the view nears the top, until the
 * first message. Frame times are the gaps between animation frames while scrolling; prints p50/p95/max in ms as JSON.
 * Run with `npm run bench` (after `npm run build`).
 */
import { startServerProcess } from "@moa/server/testing";
import { connectPeer, type ChatPeer } from "../src/chat-peer.js";
import { launchChromium } from "../src/browser.js";
import { openRoomWindow, signIn } from "../src/room-helpers.js";
import { frameStats } from "./frame-stats.js";

const MESSAGES = 10_000;
const SENDERS = [
  "jaewon.yoon",
  "soyeon.cho",
  "nayeon.park",
  "youngho.choi",
  "gaeun.jung",
];
const READER = "minsu.kim";
// Each sender stays under the server's 200 stanzas/s inbound limit.
const PER_SENDER_PER_SECOND = 100;
// Scroll speed: 40 px per frame is a brisk flick repeated, about 2,400 px/s at 60 frames/s.
const SCROLL_PX_PER_FRAME = 40;
const SCROLL_CAP_MS = 400_000;

/** Sends `count` messages from one sender, paced, and waits until all are archived. */
async function sendPaced(
  peer: ChatPeer,
  room: string,
  from: number,
  count: number,
) {
  const acks: Promise<void>[] = [];
  const started = Date.now();
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / PER_SENDER_PER_SECOND;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    acks.push(
      peer.say(
        room,
        `${String(from + i)}번째 기록: 오늘 회의에서 정한 일정과 담당을 다시 정리합니다.`,
      ),
    );
  }
  await Promise.all(acks);
}

const server = await startServerProcess();
const browser = await launchChromium();
const peers: ChatPeer[] = [];
try {
  for (const login of SENDERS) peers.push(await connectPeer(server.url, login));
  const [owner] = peers;
  if (!owner) throw new Error("no sender");
  const room = await owner.createRoom(
    2,
    [...SENDERS.slice(1), READER].map((login) => owner.jidOf(login)),
    "기록 보관",
  );
  const seedStart = performance.now();
  const share = MESSAGES / peers.length;
  // Senders take turns by blocks so the history is ordered within each block; the order does not matter here.
  await Promise.all(
    peers.map((peer, i) => sendPaced(peer, room, i * share + 1, share)),
  );
  process.stdout.write(
    `${JSON.stringify({ bench: "room-window-seed", messages: MESSAGES, ms: Math.round(performance.now() - seedStart) })}\n`,
  );

  const context = await browser.newContext({ locale: "ko-KR" });
  const page = await context.newPage();
  await signIn(page, server.url, READER);
  const win = await openRoomWindow(page, /^기록 보관/);
  await win.getByRole("article").first().waitFor();

  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const result = await win.evaluate(
    async ({ step, cap }) => {
      const scroller = document.querySelector<HTMLElement>(
        "[data-virtuoso-scroller]",
      );
      if (!scroller) throw new Error("no message list");
      const frames: number[] = [];
      const started = performance.now();
      let last = started;
      let reachedFirst = false;
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        frames.push(now - last);
        last = now;
        reachedFirst = [...document.querySelectorAll("[role=separator]")].some(
          (el) => el.textContent.includes("첫 메시지입니다"),
        );
        if ((scroller.scrollTop <= 0 && reachedFirst) || now - started > cap)
          break;
        scroller.scrollTop = Math.max(0, scroller.scrollTop - step);
      }
      return { frames, ms: performance.now() - started, reachedFirst };
    },
    { step: SCROLL_PX_PER_FRAME, cap: SCROLL_CAP_MS },
  );
  process.stdout.write(
    `${JSON.stringify({
      bench: "room-window-scroll",
      messages: MESSAGES,
      reachedFirst: result.reachedFirst,
      seconds: Math.round(result.ms / 1000),
      ...frameStats(result.frames),
    })}\n`,
  );
  await context.close();
} finally {
  for (const peer of peers) await peer.stop();
  await browser.close();
  await server.stop();
}
