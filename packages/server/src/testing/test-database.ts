/**
 * Test databases: a fresh, migrated PGlite per call by default, or a fresh schema in the PostgreSQL of
 * MOA_TEST_DATABASE_URL (the `services` test project), so the same tests run on both engines.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import {
  inProcessPGlite,
  openDatabase,
  PGLITE_PARSERS,
  type DatabaseHandle,
} from "../db/database.js";
import { migrate } from "../db/migrate.js";
import { migrations, type Migration } from "../db/migrations/index.js";
import { PGliteDialect } from "../db/pglite-dialect.js";
import { PGLITE_EXTENSIONS } from "../db/pglite-extensions.js";
import type { Database } from "../db/schema.js";

/** The PostgreSQL URL the services tests run against, if any. */
export const testDatabaseUrl = (): string | undefined =>
  process.env.MOA_TEST_DATABASE_URL || undefined;

/** The Redis of the `services` test project (MOA_TEST_REDIS_URL); the local one when unset. */
export const testRedisUrl = (): string =>
  process.env.MOA_TEST_REDIS_URL || "redis://127.0.0.1:6379";

/**
 * Opens an isolated, migrated test database.
 * @param upTo the migrations to apply (all by default; fewer for a database as an earlier release left it).
 * @returns a handle whose close() also drops what the test created.
 */
export async function createTestDatabase(
  upTo: readonly Migration[] = migrations,
): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = await openDatabase({ kind: "postgres", url, poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    const handle = await openDatabase({
      kind: "postgres",
      url,
      searchPath: schema,
      poolSize: 4,
    });
    await migrate(handle.db, upTo);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = await openDatabase({
          kind: "postgres",
          url,
          poolSize: 1,
        });
        await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
        await cleanup.close();
      },
    };
  }
  // initdb costs ~2.5 s and ~800 MB; loading a migrated template costs ~0.4 s.
  return inProcessPGlite(
    new PGlite({
      loadDataDir: await migratedTemplate(upTo),
      parsers: PGLITE_PARSERS,
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

async function migratedTemplate(upTo: readonly Migration[]): Promise<Blob> {
  const key = createHash("sha256")
    .update(upTo.map((m) => m.version + m.sql).join("\0"))
    .digest("hex")
    .slice(0, 16);
  const file = join(tmpdir(), `moa-pglite-template-${key}.tar.gz`);
  if (!existsSync(file)) {
    const lite = await PGlite.create("memory://", {
      extensions: PGLITE_EXTENSIONS,
    });
    await migrate(
      new Kysely<Database>({ dialect: new PGliteDialect(lite) }),
      upTo,
    );
    const dump = await lite.dumpDataDir("gzip");
    await lite.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file); // atomic: parallel workers never read half a template
  }
  return new Blob([readFileSync(file)]);
}
