/**
 * A Kysely dialect for embedded PGlite. PGlite is one session, so a transaction has it to itself while other
 * statements wait; SQL compilation and introspection are Kysely's Postgres ones.
 */
import type { Results } from "@electric-sql/pglite";
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

/** What the dialect needs of PGlite: an instance in this thread, or one in a worker (pglite-thread.ts). */
export interface PGliteQueryable {
  query<R>(sql: string, params: unknown[]): Promise<Results<R>>;
  exec(sql: string): Promise<Results[]>;
  /** True when statements run in the order they were called (the worker thread guarantees it). */
  readonly runsInCallOrder?: boolean;
}

/**
 * Makes statements run in call order. PGlite's query and exec take different paths to its lock, so a statement
 * called after another could overtake it; chained here, each starts when the one before has finished.
 */
function inCallOrder(pg: PGliteQueryable): PGliteQueryable {
  if (pg.runsInCallOrder) return pg;
  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    const previous = tail;
    const result = (async () => {
      await previous;
      return task();
    })();
    tail = result.catch(() => undefined);
    return result;
  };
  return {
    runsInCallOrder: true,
    query: (sql, params) => run(() => pg.query(sql, params)),
    exec: (sql) => run(() => pg.exec(sql)),
  };
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pg: PGliteQueryable,
    private readonly driver: PGliteDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // A statement sent while another connection's transaction is open would run inside it: wait for its end.
    while (this.driver.transaction && this.driver.transaction.owner !== this)
      await this.driver.transaction.ended;
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

/**
 * PGlite is one session. Statements outside transactions are sent at once, one after another in call order
 * (pipelined: a worker-thread PGlite need not answer one before it gets the next); a transaction owns the
 * session from begin to commit or rollback, and other statements wait for its end.
 */
class PGliteDriver implements Driver {
  private readonly pg: PGliteQueryable;
  transaction:
    | { owner: DatabaseConnection; ended: Promise<void>; end: () => void }
    | undefined;

  constructor(pg: PGliteQueryable) {
    this.pg = inCallOrder(pg);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new PGliteConnection(this.pg, this));
  }

  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    while (this.transaction) await this.transaction.ended;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.transaction = { owner: conn, ended, end };
    await conn.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    try {
      await conn.executeQuery(CompiledQuery.raw("commit"));
    } finally {
      this.endTransaction(conn);
    }
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    try {
      await conn.executeQuery(CompiledQuery.raw("rollback"));
    } finally {
      this.endTransaction(conn);
    }
  }

  releaseConnection(conn: DatabaseConnection): Promise<void> {
    // A transaction whose begin failed is released without commit or rollback.
    this.endTransaction(conn);
    return Promise.resolve();
  }

  async destroy(): Promise<void> {}

  private endTransaction(conn: DatabaseConnection): void {
    const tx = this.transaction;
    if (tx?.owner !== conn) return;
    this.transaction = undefined;
    tx.end();
  }
}

/** Kysely dialect over an already opened PGlite instance; closing the instance stays with its owner. */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGliteQueryable) {}
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
