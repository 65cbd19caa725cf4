/**
 * A Kysely dialect for embedded PGlite. PGlite is one connection, so the driver hands it to one
 * query or transaction at a time; SQL compilation and introspection are Kysely's Postgres ones.
 */
import type { PGlite, Results } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters, use the simple protocol, which (like pg) accepts several statements in one
    // string, as migrations have; the last statement's result is the query's result.
    const res: Results<R> =
      query.parameters.length === 0
        ? (((await this.pg.exec(query.sql)).at(-1) as
            Results<R> | undefined) ?? { rows: [], fields: [] })
        : await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    return res.affectedRows !== undefined && res.affectedRows > 0
      ? { rows: res.rows, numAffectedRows: BigInt(res.affectedRows) }
      : { rows: res.rows };
  }

  // Kysely requires the method; PGlite has no cursors to stream from.
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite dialect does not support streaming queries");
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Chain waiters so a transaction owns the single connection until it is released.
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((r) => (release = r));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw("rollback"));
  }

  releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {}
}

/** Kysely dialect over an already opened PGlite instance; closing the instance stays with its owner. */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
