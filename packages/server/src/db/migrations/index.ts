/**
 * The forward-only migration set, in order. A migration is never edited once released: add a new one.
 * Each is plain PostgreSQL 15 SQL (PGlite is PG 18, production may be PG 15).
 */
import { m001Init } from "./001-init.js";
import { m002Identity } from "./002-identity.js";
import { m003Chat } from "./003-chat.js";
import { m004Workplace } from "./004-workplace.js";
import { m005WebhardSessions } from "./005-webhard-sessions.js";
import { m006Search } from "./006-search.js";
import { m007ScramCredentials } from "./007-scram-credentials.js";
import { m008SearchIndexTail } from "./008-search-index-tail.js";
import { m009LiveSessions } from "./009-live-sessions.js";
import { m010SearchGramsByServer } from "./010-search-grams-by-server.js";
import { m011ArchiveInsertWithoutKeyChecks } from "./011-archive-insert-without-key-checks.js";
import { m012ArchiveInsertTakesLock } from "./012-archive-insert-takes-lock.js";

export type Migration = { version: string; sql: string };

export const migrations: readonly Migration[] = [
  m001Init,
  m002Identity,
  m003Chat,
  m004Workplace,
  m005WebhardSessions,
  m006Search,
  m007ScramCredentials,
  m008SearchIndexTail,
  m009LiveSessions,
  m010SearchGramsByServer,
  m011ArchiveInsertWithoutKeyChecks,
  m012ArchiveInsertTakesLock,
];
