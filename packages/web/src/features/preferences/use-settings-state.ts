/**
 * One user's local settings as state in one window: read from storage, changed through `update`, which stores the
 * change and tells every other window over the bridge (`settings:changed`); changes other windows announce apply here.
 */
import {
  DEFAULT_LOCAL_SETTINGS,
  type LocalSettings,
  type LocalSettingsPatch,
} from "@moa/shared";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useOptionalBridge } from "../../lib/bridge";
import { loadSettings, saveSettings } from "./settings-storage";

/** The settings and their setter. */
export type SettingsControl = {
  readonly settings: LocalSettings;
  /** Applies a change here, stores it and tells the other windows; ignored while the user is unknown. */
  update: (patch: LocalSettingsPatch) => void;
};

type Held = { jid: string | null; settings: LocalSettings };

const heldFor = (jid: string | null): Held => ({
  jid,
  settings: jid ? loadSettings(jid) : DEFAULT_LOCAL_SETTINGS,
});

const sameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Holds a user's settings.
 * @param jid - the signed-in user's bare JID; null until known (defaults apply, changes are not kept).
 */
export function useSettingsState(jid: string | null): SettingsControl {
  const bridge = useOptionalBridge();
  const [held, setHeld] = useState(() => heldFor(jid));
  // The user became known (or changed): their stored settings from this render on.
  const current = held.jid === jid ? held : heldFor(jid);
  if (current !== held) setHeld(current);

  useEffect(() => {
    if (!bridge || !jid) return;
    return bridge.on("settings:changed", (payload) => {
      if (sameUser(payload.jid, jid))
        setHeld({ jid, settings: payload.settings });
    });
  }, [bridge, jid]);

  const update = useCallback(
    (patch: LocalSettingsPatch) => {
      if (!jid) return;
      // Read through storage, not this render's copy: two quick changes (or two windows) must not undo each other.
      const next = { ...loadSettings(jid), ...patch };
      saveSettings(jid, next);
      setHeld({ jid, settings: next });
      bridge?.emit("settings:changed", { jid, settings: next });
    },
    [bridge, jid],
  );

  return useMemo(
    () => ({ settings: current.settings, update }),
    [current.settings, update],
  );
}
