/**
 * The shell's main-process logic with Electron passed in, so it is tested against a fake module:
 * one instance, one main window on the server's web client, external links to the OS browser.
 */
import type { App, BrowserWindow, Shell } from "electron";
import type { ShellConfig } from "./config.js";
import { isOpenableExternally } from "./external-links.js";
import { windowOptions } from "./window-options.js";

export type ElectronParts = {
  app: App;
  BrowserWindow: typeof BrowserWindow;
  shell: Shell;
};

/**
 * Starts the shell.
 * @param electron the Electron modules.
 * @param config the shell configuration.
 * @param preloadPath the bundled preload script.
 * @returns the main window, or null when another instance already runs (this one quits).
 */
export async function startShell(
  electron: ElectronParts,
  config: ShellConfig,
  preloadPath: string,
): Promise<BrowserWindow | null> {
  const { app, BrowserWindow: Window, shell } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  await app.whenReady();
  const main = new Window(windowOptions(preloadPath));
  main.webContents.setWindowOpenHandler(({ url }) => {
    if (isOpenableExternally(url)) void shell.openExternal(url);
    return { action: "deny" };
  });
  // A second launch focuses the running messenger instead of opening another.
  app.on("second-instance", () => {
    if (main.isMinimized()) main.restore();
    main.focus();
  });
  app.on("window-all-closed", () => app.quit());
  main.once("ready-to-show", () => main.show());
  await main.loadURL(config.serverUrl);
  return main;
}
