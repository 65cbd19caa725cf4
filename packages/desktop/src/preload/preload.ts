/** Preload (sandboxed, CJS): exposes only the desktop marker to the web client; the window bridge arrives with the desktop issue. */
import { contextBridge } from "electron";

contextBridge.exposeInMainWorld(
  "moaDesktop",
  Object.freeze({ platform: "electron", version: 1 }),
);
