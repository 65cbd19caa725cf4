/**
 * A server on an existing data directory whose services read a given clock, for e2e specs that need history from
 * another day: messages sent through it are archived by the real chat engine with that clock's log times. Stop it
 * before the real server process starts on the same directory (the embedded database admits one process).
 */
import { createApp } from "../app.js";
import type { Clock } from "../clock.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { createLogger } from "../logger.js";

export type ServerAtTime = {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  stop(): Promise<void>;
};

/**
 * Starts the app on 127.0.0.1 with an ephemeral port over a data directory (PGlite).
 * @param dataDir a stopped server's data directory (e.g. a copy of the seeded demo company).
 * @param clock the time the services read.
 * @returns the running server.
 */
export async function startServerAtTime(
  dataDir: string,
  clock: Clock,
): Promise<ServerAtTime> {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  });
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrate(database.db);
    const app = await createApp({
      config,
      db: database.db,
      logger: createLogger("test", config.logLevel),
      clock,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const addr = app.server.address();
    if (!addr || typeof addr === "string")
      throw new Error("server has no TCP address");
    return {
      url: `http://127.0.0.1:${String(addr.port)}`,
      stop: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
