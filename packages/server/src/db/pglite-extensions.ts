/**
 * PostgreSQL extensions every PGlite instance loads: PGlite ships contrib extensions as separate bundles that must
 * be passed when the instance is created (before a migration can CREATE EXTENSION or an index can use one).
 * pg_trgm: migration 006 creates it (its trigram index, since replaced by migration 008, used it).
 */
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };
