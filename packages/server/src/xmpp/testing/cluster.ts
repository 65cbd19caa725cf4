/**
 * Test-only: several built server nodes on a fresh PostgreSQL database and a fresh Redis prefix of the `services`
 * test project, torn down afterwards (other test runs share those servers).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { Redis } from "ioredis";
import { openDatabase, type Db } from "../../db/database.js";
import { migrate } from "../../db/migrate.js";
import {
  startServerProcess,
  testDatabaseUrl,
  testRedisUrl,
  type ServerProcess,
} from "../../testing/index.js";

export type Cluster = {
  /** Starts one more node on the shared database and Redis. */
  startNode(): Promise<ServerProcess>;
  /** Drops the database and the Redis keys. */
  destroy(): Promise<void>;
};

async function adminSql(statement: string): Promise<void> {
  const admin = await openDatabase({
    kind: "postgres",
    url: testDatabaseUrl() ?? "postgres://root@127.0.0.1:5432/test",
    poolSize: 1,
  });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}

/**
 * Builds the server, creates and migrates a fresh database and lets the caller fill it.
 * @param fill writes the test's company, users and so on.
 * @param env extra environment of every node.
 * @returns the cluster.
 */
export async function createCluster(
  fill: (db: Db) => Promise<void>,
  env: Record<string, string> = {},
): Promise<Cluster> {
  // The nodes run the built server (as `npm start` does); bring the build up to date first.
  const root = fileURLToPath(new URL("../../../../..", import.meta.url));
  execFileSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-b", "packages/server"],
    { cwd: root },
  );
  const name = `moa_nodes_${randomBytes(5).toString("hex")}`;
  const url = (
    testDatabaseUrl() ?? "postgres://root@127.0.0.1:5432/test"
  ).replace(/\/[^/]*$/, `/${name}`);
  const prefix = `moa:test:${name}:`;
  await adminSql(`create database ${name}`);
  const handle = await openDatabase({ kind: "postgres", url });
  try {
    await migrate(handle.db);
    await fill(handle.db);
  } finally {
    await handle.close();
  }
  return {
    startNode: () =>
      startServerProcess({
        env: {
          DATABASE_URL: url,
          REDIS_URL: testRedisUrl(),
          REDIS_PREFIX: prefix,
          SEED_DEMO: "false",
          ...env,
        },
      }),
    destroy: async () => {
      await adminSql(`drop database if exists ${name} with (force)`);
      const redis = new Redis(testRedisUrl());
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
