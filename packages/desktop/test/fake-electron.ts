/**
 * A recording stand-in for the `electron` module (the binary cannot be downloaded here).
 * It records calls only; the shell's logic under test is the real code.
 */
import { EventEmitter } from "node:events";
import { vi } from "vitest";

type OpenHandler = (details: { url: string }) => { action: "allow" | "deny" };

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  readonly options: unknown;
  openHandler: OpenHandler | undefined;
  loadedUrl: string | undefined;
  readonly webContents = {
    setWindowOpenHandler: (h: OpenHandler) => {
      this.openHandler = h;
    },
  };
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  isMinimized = vi.fn(() => false);
  constructor(options: unknown) {
    super();
    this.options = options;
    BrowserWindow.instances.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
}

class FakeApp extends EventEmitter {
  lockAvailable = true;
  requestSingleInstanceLock = vi.fn(() => this.lockAvailable);
  quit = vi.fn();
  exit = vi.fn();
  whenReady = vi.fn(() => Promise.resolve());
}

export const app = new FakeApp();
export const shell = { openExternal: vi.fn(() => Promise.resolve()) };
export const contextBridge = { exposeInMainWorld: vi.fn() };
export const ipcMain = { handle: vi.fn(), on: vi.fn() };
export const ipcRenderer = { invoke: vi.fn(), on: vi.fn(), send: vi.fn() };

/** Forgets every recorded call and window between tests. */
export function resetFakeElectron(): void {
  BrowserWindow.instances = [];
  app.removeAllListeners();
  app.lockAvailable = true;
  vi.clearAllMocks();
}
