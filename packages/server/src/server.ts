/** Opens the database, migrates and starts listening; `main.ts` and the test harness both start the product here. */
import { createApp, type App } from "./app.js";
import type { Config } from "./config.js";
import { openDatabase, type DatabaseHandle } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import type { Logger } from "./logger.js";

export type RunningServer = {
  app: App;
  database: DatabaseHandle;
  url: string;
  stop(): Promise<void>;
};

/**
 * Starts the whole server.
 * @param config the configuration.
 * @param logger the root logger.
 * @returns the running server with its URL and a graceful stop.
 */
export async function startServer(
  config: Config,
  logger: Logger,
): Promise<RunningServer> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    const applied = await migrate(database.db);
    if (applied.length) logger.info({ applied }, "migrations applied");
    const app = await createApp({ config, db: database.db, logger });
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    const port = typeof addr === "object" && addr ? addr.port : config.port;
    const url = config.publicUrl ?? `http://${config.host}:${port}`;
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      url,
      stop: () =>
        (stopping ??= (async () => {
          await app.close();
          await database.close();
        })()),
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
