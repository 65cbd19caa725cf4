/**
 * The org tab on a generated 20,000-user / 600-department org in real Chromium against the built server: time from
 * the tab click to the first rows, from Enter in the header search to the search-result tree, the frame gaps while
 * the expanded tree is scrolled to the bottom and back, and how many users the presence subscription holds while
 * scrolling (read from the chat connection's frames: every `subscribe` the client sends names all followed users).
 * Prints one JSON line per step and run. Run with `npm run bench` (after `npm run build`).
 */
import { NS_MOA_PRESENCE } from "@moa/shared";
import type { Page } from "playwright-core";
import { launchChromium } from "../src/browser.js";
import { emit, scrollFramesScript, timed } from "./bench-steps.js";
import { frameStats } from "./frame-stats.js";
import {
  contextForDomain,
  mainWindowShown,
  startGeneratedOrgServer,
  submitPasswordLogin,
} from "./generated-org.js";

const DOMAIN = "big.moa.test";
const RUNS = 3;
// Rows the tree holds before the scroll: departments are opened top down until it is this long.
const TREE_ROWS = 2_000;
// Pixels scrolled per frame: about 4 rows, a brisk flick on a trackpad.
const SCROLL_STEP_PX = 180;
// Height of one tree row (every row has the same height).
const ORG_ROW_PX = 44;

const SCROLLER = `document.querySelector(".moa-org__list[data-virtuoso-scroller]")`;

/** Records the size of every presence subscription the page sends over its chat connection. */
function watchSubscriptions(page: Page): number[] {
  const sizes: number[] = [];
  page.on("websocket", (ws) => {
    ws.on("framesent", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString();
      if (!text.includes(`<subscribe xmlns="${NS_MOA_PRESENCE}"`)) return;
      sizes.push(text.split("<item ").length - 1);
    });
  });
  return sizes;
}

/** Opens closed departments on screen, top down, until the tree holds `rows` rows or its end is reached. */
async function openDepartments(page: Page, rows: number) {
  const tree = page.getByRole("tree", { name: "조직도" });
  const closed = tree.locator('[role="treeitem"][aria-expanded="false"]');
  const treeRows = () =>
    page.evaluate<number>(`${SCROLLER}.scrollHeight / ${String(ORG_ROW_PX)}`);
  while ((await treeRows()) < rows) {
    if ((await closed.count()) === 0) {
      // Everything on screen is open (an open department can list dozens of people): page further down.
      // The list renders the new rows a frame or two after the scroll: wait for them before looking again.
      const moved = await page.evaluate<boolean>(`(async () => {
        const s = ${SCROLLER};
        const before = s.scrollTop;
        s.scrollTop += s.clientHeight;
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        await frame();
        await frame();
        await frame();
        return s.scrollTop !== before;
      })()`);
      if (!moved) return;
      continue;
    }
    // Opening adds rows: wait for the list to grow, or a second click before the tree re-renders would close it again.
    const height = await page.evaluate<number>(`${SCROLLER}.scrollHeight`);
    await closed.first().click();
    await page.waitForFunction(`${SCROLLER}.scrollHeight > ${String(height)}`);
  }
}

async function measure(page: Page, subscriptions: number[], run: number) {
  const search = page.getByLabel("검색", { exact: true });
  await page.getByRole("tab", { name: "채팅" }).click();
  const openMs = await timed(
    () => page.getByRole("tab", { name: "조직도" }).click(),
    () =>
      page
        .getByRole("tree", { name: "조직도" })
        .getByRole("treeitem")
        .first()
        .waitFor(),
  );
  const searchMs = await timed(
    async () => {
      await search.fill("김");
      await search.press("Enter");
    },
    () =>
      page
        .getByRole("tree", { name: "조직도 검색 결과" })
        .getByRole("treeitem")
        .first()
        .waitFor(),
  );
  await page.getByLabel("검색어 지우기").click();
  await page.getByRole("tree", { name: "조직도" }).waitFor();
  await openDepartments(page, TREE_ROWS);
  const rows = await page.evaluate<number>(
    `${SCROLLER}.scrollHeight / ${String(ORG_ROW_PX)}`,
  );
  const before = subscriptions.length;
  const frames = await page.evaluate<number[]>(
    scrollFramesScript(
      ".moa-org__list[data-virtuoso-scroller]",
      SCROLL_STEP_PX,
    ),
  );
  // The last subscription follows the scroll's end once the list settles.
  await page.waitForTimeout(500);
  const during = subscriptions.slice(before);
  emit({
    bench: "org-tab-20k",
    run,
    openMs,
    searchMs,
    treeRows: Math.round(rows),
    scroll: frameStats(frames),
    presenceSubscriptionsSent: during.length,
    maxUsersFollowed: Math.max(0, ...during),
    usersFollowedAfterScroll: during.at(-1) ?? null,
  });
}

const browser = await launchChromium();
try {
  const server = await startGeneratedOrgServer(DOMAIN);
  try {
    const context = await contextForDomain(browser, DOMAIN);
    const page = await context.newPage();
    const subscriptions = watchSubscriptions(page);
    await submitPasswordLogin(page, server.url, "u000001");
    await mainWindowShown(page);
    // A notice popup may cover the tabs; it does not change what the tab costs.
    await page.keyboard.press("Escape");
    for (let run = 1; run <= RUNS; run += 1)
      await measure(page, subscriptions, run);
    await context.close();
  } finally {
    await server.stop();
  }
} finally {
  await browser.close();
}
