/** Steps the settings and phone specs share. */
import type { Page } from "playwright-core";

/** Opens the settings window from the more tab. */
export async function openSettings(page: Page): Promise<Page> {
  await page.getByRole("tab", { name: "더보기" }).click();
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "환경설정" }).click();
  const settings = await popup;
  await settings
    .getByRole("tab", { name: "기본" })
    .waitFor({ timeout: 20_000 });
  return settings;
}
