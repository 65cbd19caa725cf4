/**
 * Where the org tree was left (spec §3 local settings, orgLastLoc), kept in this browser's storage per login id and
 * reopened when the user's orgLastLocYn setting is on; and the company's default title mode (uimanager designator,
 * spec §7.2), used until the user picks one (orgPrtCd). Both switches live with the other settings (features/preferences).
 */
import { uiManagerSettingResponseSchema, type ApiClient } from "@moa/shared";
import { z } from "zod";

/** Org title mode: position or title. */
export type OrgTitleMode = "pos" | "tit";

/** Where the tree was left: its open departments and the row at the top. */
export type OrgLocation = { expanded: string[]; topRow: string };

const settingsSchema = z.object({
  orgLastLoc: z
    .object({ expanded: z.array(z.string()).max(5000), topRow: z.string() })
    .optional(),
});

/** The org settings as stored. */
export type OrgSettings = z.infer<typeof settingsSchema>;

const storageKey = (loginId: string) => `moa.settings.org.${loginId}`;

/** Reads the stored org settings (none, or unreadable ones, read as empty). */
export function readOrgSettings(loginId: string): OrgSettings {
  try {
    const parsed = settingsSchema.safeParse(
      JSON.parse(localStorage.getItem(storageKey(loginId)) ?? "{}"),
    );
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Merges a change into the stored org settings. */
export function writeOrgSettings(loginId: string, change: OrgSettings): void {
  try {
    localStorage.setItem(
      storageKey(loginId),
      JSON.stringify({ ...readOrgSettings(loginId), ...change }),
    );
  } catch {
    // Storage full or disabled: the tab works, it just starts fresh next time.
  }
}

/**
 * The company's default title mode (GET /api/v1/chat/home/uimanager/setting).
 * @returns "pos" for designator code 1, else "tit".
 */
export async function fetchCompanyTitleMode(
  api: ApiClient,
): Promise<OrgTitleMode> {
  const res = await api.request({
    path: "/api/v1/chat/home/uimanager/setting",
    schema: uiManagerSettingResponseSchema,
  });
  return res.setting.organizationUserPresenter.designator.code === 1
    ? "pos"
    : "tit";
}
