/**
 * The forward-only migration set, in order. A migration is never edited once released: add a new one.
 * Each is plain PostgreSQL 15 SQL (PGlite is PG 18, production may be PG 15).
 */
import { m001Init } from "./001-init.js";

export type Migration = { version: string; sql: string };

export const migrations: readonly Migration[] = [m001Init];
