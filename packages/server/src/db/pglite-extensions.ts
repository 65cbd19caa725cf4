/**
 * PostgreSQL extensions every PGlite instance loads: PGlite ships contrib extensions as separate bundles that must
 * be passed when the instance is created (before a migration can CREATE EXTENSION or an index can use one).
 * pg_trgm: the message search index (migration 006).
 */
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };
