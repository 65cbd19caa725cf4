/**
 * Parameterised statements on PGlite as named prepared statements, each run in one call into the database.
 *
 * PGlite's own query() parses and plans the text on every run, and makes six calls into the database for it (parse,
 * describe, bind, describe, execute, sync). On the archive's insert that was about 40 % of the database thread's
 * time per message. Here the first run of a text prepares it under a name and learns its parameter types; later runs
 * send bind, describe, execute and sync together. Values are serialised by their parameter types and rows parsed by
 * the instance's parsers, as query() does, so callers see the same results and the same errors.
 */
import {
  parse,
  protocol,
  type PGlite,
  type Results,
} from "@electric-sql/pglite";
import { FEATURE_NOT_SUPPORTED, hasPgCode } from "./pg-errors.js";

type Prepared = { name: string; paramTypes: number[] };

/** Prepared statements kept per session; the least recently used beyond this are closed. */
const MAX_PREPARED = 200;

const { serialize } = protocol;

export class PreparedStatements {
  /** By statement text, least recently used first. */
  private readonly prepared = new Map<string, Prepared>();
  private nextName = 1;

  constructor(private readonly lite: PGlite) {}

  /**
   * Runs a statement with parameters, preparing it on its first run.
   * @param sql one statement with $n placeholders.
   * @param params its values.
   * @returns the statement's result, as PGlite's query() gives it.
   * @throws the database's error, with its SQLSTATE code and fields.
   */
  async query(sql: string, params: readonly unknown[]): Promise<Results> {
    const statement = await this.statementFor(sql);
    try {
      return await this.run(statement, params);
    } catch (err) {
      if (!hasPgCode(err, FEATURE_NOT_SUPPORTED)) throw err;
      // Here 0A000 is "cached plan must not change result type": a migration or test changed a table under the
      // plan. Forget it, and run afresh when no transaction is aborted by the failure.
      await this.close(sql);
      if (this.lite.isInTransaction()) throw err;
      return this.run(await this.statementFor(sql), params);
    }
  }

  private async run(
    statement: Prepared,
    params: readonly unknown[],
  ): Promise<Results> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const serializer =
        type === undefined ? undefined : this.lite.serializers[type];
      if (serializer) return serializer(value);
      // A type PGlite has no serializer for takes the value's text form.
      return typeof value === "object"
        ? JSON.stringify(value)
        : `${value as string | number | bigint | boolean}`;
    });
    const { messages } = await this.lite.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return (
      parse.parseResults(messages, this.lite.parsers)[0] ?? {
        rows: [],
        fields: [],
      }
    );
  }

  private async statementFor(sql: string): Promise<Prepared> {
    const known = this.prepared.get(sql);
    if (known) {
      this.prepared.delete(sql);
      this.prepared.set(sql, known);
      return known;
    }
    const name = `moa_${this.nextName++}`;
    const { messages } = await this.lite.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
    };
    this.prepared.set(sql, statement);
    if (this.prepared.size > MAX_PREPARED) {
      const oldest = this.prepared.keys().next().value;
      if (oldest !== undefined) await this.close(oldest);
    }
    return statement;
  }

  /** Closes a prepared statement; a failure (inside an aborted transaction) only leaves it unused in the session. */
  private async close(sql: string): Promise<void> {
    const statement = this.prepared.get(sql);
    if (!statement) return;
    this.prepared.delete(sql);
    try {
      await this.lite.execProtocol(
        Buffer.concat([
          serialize.close({ type: "S", name: statement.name }),
          serialize.sync(),
        ]),
      );
    } catch {
      // Names are never reused, so a statement left open cannot be confused with another.
    }
  }
}
