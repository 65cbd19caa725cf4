/** @moa/server public entry: start the server from code (used by tools and tests). */
export { loadConfig, type Config } from "./config.js";
export { startServer, type RunningServer } from "./server.js";
