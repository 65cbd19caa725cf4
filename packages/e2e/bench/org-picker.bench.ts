/**
 * The org picker on a generated 20,000-user org in real Chromium against the built server: time from the new-chat
 * click to the tree, to search results for a common surname, and to the selection after checking a whole division
 * and then the whole company. Prints one JSON line per step and run. Run with `npm run bench` (after `npm run build`).
 */
import type { Page } from "playwright-core";
import { launchChromium } from "../src/browser.js";
import { emit, timed } from "./bench-steps.js";
import {
  contextForDomain,
  mainWindowShown,
  startGeneratedOrgServer,
  submitPasswordLogin,
} from "./generated-org.js";

const DOMAIN = "big.moa.test";
const RUNS = 3;

async function measure(page: Page, run: number) {
  const picker = page.getByRole("dialog", { name: "새 대화" });
  const open = await timed(
    () => page.getByRole("button", { name: "새 대화" }).click(),
    () =>
      picker
        .getByRole("tree", { name: "조직도" })
        .getByRole("checkbox", { name: "개발본부" })
        .waitFor(),
  );
  const search = picker.getByRole("textbox", { name: "이름 검색" });
  const searchMs = await timed(
    () => search.fill("김"),
    () => picker.getByRole("tree", { name: "조직도 검색 결과" }).waitFor(),
  );
  await search.fill("");
  await picker.getByRole("tree", { name: "조직도" }).waitFor();
  const division = await timed(
    () => picker.getByRole("checkbox", { name: "개발본부" }).check(),
    () =>
      picker
        .getByRole("region", { name: /^선택한 사용자 [1-9]\d*명$/ })
        .waitFor(),
  );
  const company = await timed(
    () => picker.getByRole("checkbox", { name: "모아그룹" }).check(),
    () =>
      picker.getByRole("region", { name: "선택한 사용자 19999명" }).waitFor(),
  );
  emit({
    bench: "org-picker-20k",
    run,
    openMs: open,
    searchMs,
    checkDivisionMs: division,
    checkCompanyMs: company,
  });
  await picker.getByRole("button", { name: "취소" }).click();
  await picker.waitFor({ state: "hidden" });
}

const browser = await launchChromium();
try {
  const server = await startGeneratedOrgServer(DOMAIN);
  try {
    const context = await contextForDomain(browser, DOMAIN);
    const page = await context.newPage();
    await submitPasswordLogin(page, server.url, "u000001");
    await mainWindowShown(page);
    for (let run = 1; run <= RUNS; run += 1) await measure(page, run);
    await context.close();
  } finally {
    await server.stop();
  }
} finally {
  await browser.close();
}
