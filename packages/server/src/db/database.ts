/**
 * Opens the database: embedded PGlite in a data directory by default, PostgreSQL when a URL is given.
 * Both speak the same SQL and run the same migrations.
 */
import {
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.js";
import { PGliteThread } from "./pglite-thread.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

export type DatabaseOptions =
  // dataDir undefined: in memory, in this thread; a directory: in a worker thread (see pglite-thread.ts).
  | { kind: "pglite"; dataDir: string | undefined }
  | { kind: "postgres"; url: string; searchPath?: string; poolSize?: number };

const INT8_OID = 20;
// Counts and ids fit in a double; returning numbers keeps PGlite and pg alike.
const parseInt8 = (v: string) => Number(v);

function int8AsNumber(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, parseInt8);
  return types;
}

/**
 * Opens a database connection.
 * @param options PGlite directory (or memory) or PostgreSQL URL.
 * @returns the Kysely instance and its closer.
 * @throws Error when the PGlite directory is already in use by another process.
 */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: int8AsNumber(),
      ...(options.searchPath
        ? { options: `-c search_path=${options.searchPath}` }
        : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }

  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    const unlock = lockDataDir(options.dataDir);
    try {
      const thread = await PGliteThread.open(join(options.dataDir, "pgdata"));
      const db = new Kysely<Database>({ dialect: new PGliteDialect(thread) });
      return {
        db,
        kind: "pglite",
        close: async () => {
          await db.destroy();
          await thread.close();
          unlock();
        },
      };
    } catch (err) {
      unlock();
      throw err;
    }
  }
  return inProcessPGlite(
    await PGlite.create("memory://", {
      parsers: PGLITE_PARSERS,
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

/** Type parsers every PGlite instance is created with, so PGlite and pg return the same JS types. */
export const PGLITE_PARSERS = { [INT8_OID]: parseInt8 };

/**
 * Wraps an in-process PGlite instance (memory or a loaded dump) as a database handle that owns it.
 * @param lite the opened instance, created with PGLITE_PARSERS and PGLITE_EXTENSIONS.
 * @returns the handle; close() also closes the instance.
 */
export function inProcessPGlite(lite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lite) });
  return {
    db,
    kind: "pglite",
    close: async () => {
      await db.destroy();
      await lite.close();
    },
  };
}

/** PGlite takes no lock of its own; two processes on one directory would corrupt it. */
function lockDataDir(dir: string): () => void {
  const lockFile = join(dir, "moa.lock");
  for (;;) {
    try {
      const fd = openSync(lockFile, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(readFileSync(lockFile, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`Data directory ${dir} is in use by process ${holder}`);
      }
      // The holder died (e.g. kill -9): the lock is stale.
      rmSync(lockFile, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
