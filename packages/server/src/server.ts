/** Opens the database, migrates and starts listening; `main.ts` and the test harness both start the product here. */
import { createApp, type App } from "./app.js";
import { advertisedOrigin } from "./http/public-url.js";
import type { Config } from "./config.js";
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
} from "./db/database.js";
import { migrate } from "./db/migrate.js";
import {
  CHECKPOINT,
  scheduleUpkeep,
  UPKEEP_INTERVALS,
} from "./db/embedded-upkeep.js";
import type { Logger } from "./logger.js";
import { systemClock } from "./clock.js";
import { seedDemo, type DemoSeedSummary } from "./services/seed/demo-seed.js";
import { seedDemoWorkplace } from "./services/integration/demo-workplace.js";
import { LocalFileStorage } from "./storage/local-file-storage.js";
import { join } from "node:path";
import {
  createIdentityServices,
  type IdentityServices,
} from "./services/services.js";
import {
  loadTlsCredentials,
  tlsCredentialsOptions,
} from "./xmpp/tls-credentials.js";
import { createMemoryBus } from "./bus/memory-bus.js";
import { createRedisBus } from "./bus/redis-bus.js";
import { Redis } from "ioredis";
import type { ChatBus } from "./bus/bus.js";
import { startAdminSocket } from "./admin/admin-socket.js";
import { createCommandServices } from "./cli/command-services.js";

export type RunningServer = {
  app: App;
  database: DatabaseHandle;
  url: string;
  /** Set when this start seeded the demo company into an empty database. */
  seeded: DemoSeedSummary | undefined;
  stop(): Promise<void>;
};

/** A vacuum or analyze of the embedded database that held it this long is logged at info (others at debug). */
const SLOW_UPKEEP_MS = 100;

/** PostgreSQL at DATABASE_URL, else the embedded database in DATA_DIR. */
const databaseOptions = (config: Config): DatabaseOptions =>
  config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: config.dataDir };

/**
 * Seeds the demo company (SEED_DEMO) into a database that has no company yet.
 * @returns what was seeded, or undefined.
 */
async function seedIfEmpty(
  config: Config,
  database: DatabaseHandle,
  identity: IdentityServices,
): Promise<DemoSeedSummary | undefined> {
  if (!config.seedDemo || (await identity.repositories.companies.any()))
    return undefined;
  const seeded = await seedDemo(identity.directory);
  const demoCompany = await identity.repositories.companies.findByDomain(
    seeded.domain,
  );
  if (demoCompany)
    await seedDemoWorkplace(
      {
        db: database.db,
        users: identity.repositories.users,
        clock: systemClock,
        storage: new LocalFileStorage(join(config.dataDir, "files")),
      },
      demoCompany,
      seeded.accounts.normal,
    );
  return seeded;
}

/**
 * What several workers on one machine need done once before any of them starts: migrations, the demo seed, and the
 * XMPP TCP ports' self-signed certificate (each worker would otherwise generate its own).
 * @param config the configuration.
 * @param logger the root logger.
 * @returns what was seeded, or undefined.
 */
export async function prepareForWorkers(
  config: Config,
  logger: Logger,
): Promise<DemoSeedSummary | undefined> {
  const database = await openDatabase(databaseOptions(config));
  try {
    const applied = await migrate(database.db);
    if (applied.length) logger.info({ applied }, "migrations applied");
    // Seeding publishes nothing anyone listens to yet: no worker runs.
    const identity = await createIdentityServices(
      database.db,
      systemClock,
      createMemoryBus(),
    );
    const seeded = await seedIfEmpty(config, database, identity);
    if (config.xmpp.port !== undefined || config.xmpp.tlsPort !== undefined)
      await loadTlsCredentials(tlsCredentialsOptions(config));
    return seeded;
  } finally {
    await database.close();
  }
}

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
  const database = await openDatabase(databaseOptions(config));
  // Several nodes (REDIS_URL, docs/scaling.md): fan-out over Redis pub/sub, rate limits on one shared connection.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 })
    : undefined;
  redis?.on("error", (err: unknown) =>
    logger.warn({ err }, "redis connection error"),
  );
  let chatBus: ChatBus | undefined;
  try {
    const applied = await migrate(database.db);
    if (applied.length) logger.info({ applied }, "migrations applied");
    // One bus for the identity services and the chat engine: revoked sessions close their chat connections.
    chatBus = config.redisUrl
      ? await createRedisBus(config.redisUrl, config.redisPrefix)
      : createMemoryBus();
    const identity = await createIdentityServices(
      database.db,
      systemClock,
      chatBus,
    );
    const seeded = await seedIfEmpty(config, database, identity);
    const app = await createApp({
      config,
      db: database.db,
      logger,
      identity,
      chatBus,
      ...(redis ? { redis } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
    const addr = app.server.address();
    const port = typeof addr === "object" && addr ? addr.port : config.port;
    const url = advertisedOrigin(config, port);
    // The embedded database admits one process, so `npm run moa -- …` runs its commands here while the server
    // holds it (docs/auth.md "Administration while the server runs"). PostgreSQL admits the CLI directly.
    const admin = config.databaseUrl
      ? undefined
      : await startAdminSocket(
          config.dataDir,
          createCommandServices(database.db, identity, systemClock),
          logger,
        ).catch((err: unknown) => {
          logger.warn(
            { err },
            "admin socket unavailable: stop the server to run admin commands",
          );
          return undefined;
        });
    // PostgreSQL checkpoints and vacuums itself; the embedded database has no process that would (db/embedded-upkeep.ts).
    const upkeep = config.databaseUrl
      ? undefined
      : scheduleUpkeep(database.db, {
          ...UPKEEP_INTERVALS,
          // As PostgreSQL logs: every checkpoint, and a vacuum or analyze only when it held the database long.
          onDone: (work, ms) => {
            const level =
              work === CHECKPOINT || ms >= SLOW_UPKEEP_MS ? "info" : "debug";
            logger[level]({ work, ms: Math.round(ms) }, "database upkeep done");
          },
          onError: (work, err) =>
            logger.warn({ work, err }, "database upkeep failed; retried later"),
        });
    let stopping: Promise<void> | undefined;
    return {
      app,
      database,
      url,
      seeded,
      stop: () =>
        (stopping ??= (async () => {
          await admin?.close();
          await app.close();
          await chatBus?.close();
          await redis?.quit();
          await upkeep?.stop();
          await database.close();
        })()),
    };
  } catch (err) {
    await chatBus?.close();
    redis?.disconnect();
    await database.close();
    throw err;
  }
}
