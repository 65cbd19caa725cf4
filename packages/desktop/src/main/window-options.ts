/** Options of every Moa window. The security settings are fixed (STYLE.md §4): isolated, sandboxed, no Node in renderers. */
import type { BrowserWindowConstructorOptions } from "electron";

/**
 * Builds BrowserWindow options.
 * @param preloadPath absolute path of the bundled preload script.
 * @param size window size; the main window's by default.
 * @returns the options.
 */
export function windowOptions(
  preloadPath: string,
  size: { width: number; height: number } = { width: 420, height: 720 },
): BrowserWindowConstructorOptions {
  return {
    ...size,
    minWidth: 360,
    minHeight: 560,
    show: false,
    title: "Moa",
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  };
}
