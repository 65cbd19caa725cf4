/** Kysely table types for the database. Each migration that adds a table adds its type here. */
import type { Generated } from "kysely";

export type SchemaMigrationsTable = {
  version: string;
  applied_at: Generated<Date>;
};

export type Database = {
  schema_migrations: SchemaMigrationsTable;
};
