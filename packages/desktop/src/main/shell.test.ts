import type { App, BrowserWindow as RealBrowserWindow, Shell } from "electron";
import { beforeEach, describe, expect, it } from "vitest";
import {
  app,
  BrowserWindow,
  resetFakeElectron,
  shell,
} from "../../test/fake-electron.js";
import { loadShellConfig } from "./config.js";
import { startShell } from "./shell.js";

const parts = () => ({
  app: app as unknown as App,
  BrowserWindow: BrowserWindow as unknown as typeof RealBrowserWindow,
  shell: shell as unknown as Shell,
});
const config = loadShellConfig({ MOA_SERVER_URL: "http://127.0.0.1:8080" });

describe("desktop shell", () => {
  beforeEach(resetFakeElectron);

  it("opens one isolated, sandboxed window without Node on the server URL", async () => {
    await startShell(parts(), config, "/app/preload.cjs");
    expect(BrowserWindow.instances).toHaveLength(1);
    const win = BrowserWindow.instances[0]!;
    expect(win.loadedUrl).toBe("http://127.0.0.1:8080/");
    expect(win.options).toMatchObject({
      webPreferences: {
        preload: "/app/preload.cjs",
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      },
    });
  });

  it("quits without a window when another instance holds the lock", async () => {
    app.lockAvailable = false;
    expect(await startShell(parts(), config, "/p.cjs")).toBeNull();
    expect(app.quit).toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it("sends http(s) links to the OS browser and refuses everything else", async () => {
    await startShell(parts(), config, "/p.cjs");
    const open = BrowserWindow.instances[0]!.openHandler!;
    expect(open({ url: "https://gw.example.com/mail" })).toEqual({
      action: "deny",
    });
    expect(shell.openExternal).toHaveBeenCalledWith(
      "https://gw.example.com/mail",
    );
    open({ url: "file:///etc/passwd" });
    open({ url: "javascript:alert(1)" });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it("focuses the running window on a second launch", async () => {
    await startShell(parts(), config, "/p.cjs");
    app.emit("second-instance");
    expect(BrowserWindow.instances[0]!.focus).toHaveBeenCalled();
  });

  it("refuses a non-http server URL", () => {
    expect(() => loadShellConfig({ MOA_SERVER_URL: "file:///tmp/x" })).toThrow(
      /http/,
    );
  });
});
