/** The login window's local settings (spec §3 "Login window settings"): domains, saved ID, auto login, first run. */
import { z } from "zod";
import { readStored, writeStored } from "../../platform";

const KEY = "moa.login";

export const loginSettingsSchema = z.object({
  /** The selected company domain ("" before the first run's domain dialog). */
  domain: z.string(),
  /** Domains used before, most recent first. */
  domains: z.array(z.string()),
  saveId: z.boolean(),
  id: z.string(),
  auto: z.boolean(),
  /** One-use token from the last login with auto login on (never the password). */
  autoToken: z.string().optional(),
});

export type LoginSettings = z.infer<typeof loginSettingsSchema>;

const EMPTY: LoginSettings = {
  domain: "",
  domains: [],
  saveId: false,
  id: "",
  auto: false,
};

/** The stored settings, or the defaults on first run. */
export function loadLoginSettings(): LoginSettings {
  return readStored(KEY, loginSettingsSchema) ?? EMPTY;
}

/** Merges and stores settings. */
export function saveLoginSettings(
  patch: Partial<LoginSettings>,
): LoginSettings {
  const next = { ...loadLoginSettings(), ...patch };
  if (patch.autoToken === undefined && "autoToken" in patch)
    delete next.autoToken;
  writeStored(KEY, next);
  return next;
}

/** Turns auto login off and forgets its token (logout by auth failure, spec §4). */
export function clearAutoLogin(): void {
  saveLoginSettings({ auto: false, autoToken: undefined });
}
