/** Applies pending migrations in one transaction (all or nothing), serialised across server nodes by an advisory lock. */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.js";
import {
  migrations as allMigrations,
  type Migration,
} from "./migrations/index.js";

// Arbitrary constant shared by every node: only one node migrates at a time.
const MIGRATION_LOCK_ID = 7_370_001;

/**
 * Brings the schema up to date.
 * @param db the database.
 * @param migrations the ordered migration set (defaults to the product's).
 * @returns the versions applied by this call, in order.
 */
export async function migrate(
  db: Kysely<Database>,
  migrations: readonly Migration[] = allMigrations,
): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  const applied: string[] = [];
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(tx);
    const done = new Set(
      (
        await tx.selectFrom("schema_migrations").select("version").execute()
      ).map((r) => r.version),
    );
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await sql.raw(m.sql).execute(tx);
      await tx
        .insertInto("schema_migrations")
        .values({ version: m.version })
        .execute();
      applied.push(m.version);
    }
  });
  return applied;
}
