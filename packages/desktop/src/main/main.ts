/** Electron entry point: wires the real Electron modules into the shell. */
import { join } from "node:path";
import { app, BrowserWindow, shell } from "electron";
import { loadShellConfig } from "./config.js";
import { startShell } from "./shell.js";

startShell(
  { app, BrowserWindow, shell },
  loadShellConfig(),
  join(__dirname, "preload.cjs"),
).catch((err: unknown) => {
  process.stderr.write(`Moa failed to start: ${String(err)}\n`);
  app.exit(1);
});
