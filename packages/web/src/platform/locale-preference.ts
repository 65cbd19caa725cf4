/** Remembers the chosen UI language across restarts and windows (all windows share one origin's storage). */

const STORAGE_KEY = "moa.locale";

/** The stored language tag, or null when none was chosen or storage is unavailable. */
export function loadLocalePreference(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames): fall back to the default language.
    return null;
  }
}

/** Stores the chosen language tag; silently keeps it for this session only when storage is unavailable. */
export function saveLocalePreference(locale: string) {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Same as above: the choice still applies until the window closes.
  }
}
