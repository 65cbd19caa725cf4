import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./database.js";

// A file-backed PGlite runs in a worker thread and gets statements pipelined: these are the guarantees callers rely on.
describe("PGlite in a worker thread", () => {
  let dir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "moa-pglite-thread-"));
    handle = await openDatabase({ kind: "pglite", dataDir: dir });
    await sql`create table t (id int primary key, v text not null)`.execute(
      handle.db,
    );
  });

  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes PostgreSQL error codes through, so callers can tell a duplicate key", async () => {
    await sql`insert into t values (1, 'a')`.execute(handle.db);
    await expect(
      sql`insert into t values (${1}, ${"b"})`.execute(handle.db),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("keeps statements from outside a transaction out of it, even when the transaction rolls back", async () => {
    let insideStarted!: () => void;
    const started = new Promise<void>((resolve) => (insideStarted = resolve));
    const tx = handle.db.transaction().execute(async (trx) => {
      await sql`insert into t values (${10}, ${"inside"})`.execute(trx);
      insideStarted();
      // Give the outside statement every chance to slip in before the rollback.
      await sql`select pg_sleep(0.05)`.execute(trx);
      throw new Error("roll back");
    });
    await started;
    const outside = sql`insert into t values (${11}, ${"outside"})`.execute(
      handle.db,
    );
    await expect(tx).rejects.toThrow("roll back");
    await outside;
    const rows = await sql<{
      id: number;
    }>`select id from t where id in (10, 11) order by id`.execute(handle.db);
    expect(rows.rows.map((r) => r.id)).toEqual([11]);
  });

  it("runs statements in the order they were issued", async () => {
    const writes = Array.from({ length: 50 }, (_, i) =>
      sql`update t set v = ${`w${i}`} where id = 1`.execute(handle.db),
    );
    await Promise.all(writes);
    const row = await sql<{
      v: string;
    }>`select v from t where id = 1`.execute(handle.db);
    expect(row.rows[0]?.v).toBe("w49");
  });

  // Statements with parameters run prepared (pglite-statements.ts): the same text again must behave as a fresh one.
  it("serialises each parameter by its type on every run of a prepared statement", async () => {
    await sql`create table typed (id bigint primary key, doc jsonb not null, flag boolean not null, raw bytea not null)`.execute(
      handle.db,
    );
    for (const [id, word] of [
      [1, "one"],
      [2, "two"],
    ] as const)
      await sql`insert into typed values (${id}, ${{ word, list: [id] }}, ${id === 2}, ${new Uint8Array([id, 255])})`.execute(
        handle.db,
      );
    const rows = await sql<{
      id: number;
      doc: unknown;
      flag: boolean;
      raw: Uint8Array;
    }>`select * from typed where id = any(${[1, 2]}) order by id`.execute(
      handle.db,
    );
    expect(rows.rows.map((r) => ({ ...r, raw: [...r.raw] }))).toEqual([
      { id: 1, doc: { word: "one", list: [1] }, flag: false, raw: [1, 255] },
      { id: 2, doc: { word: "two", list: [2] }, flag: true, raw: [2, 255] },
    ]);
  });

  it("runs a prepared statement again after it failed", async () => {
    const insert = (id: number) =>
      sql`insert into t values (${id}, ${"again"})`.execute(handle.db);
    await insert(20);
    await expect(insert(20)).rejects.toMatchObject({ code: "23505" });
    await insert(21);
    const rows = await sql<{
      id: number;
    }>`select id from t where v = ${"again"} order by id`.execute(handle.db);
    expect(rows.rows.map((r) => r.id)).toEqual([20, 21]);
  });

  it("reads a table's new columns through a select * prepared before the table changed", async () => {
    await sql`create table grows (id int primary key)`.execute(handle.db);
    await sql`insert into grows values (1)`.execute(handle.db);
    const read = () =>
      sql<Record<string, unknown>>`select * from grows where id = ${1}`.execute(
        handle.db,
      );
    expect((await read()).rows).toEqual([{ id: 1 }]);
    await sql`alter table grows add column label text not null default 'new'`.execute(
      handle.db,
    );
    expect((await read()).rows).toEqual([{ id: 1, label: "new" }]);
  });

  it("keeps answering past the number of statements it keeps prepared", async () => {
    // Each text is a statement of its own; the oldest are closed to keep the session's memory bounded.
    const answers = [];
    for (let i = 0; i < 260; i++)
      answers.push(
        (
          await sql<{
            n: number;
          }>`select ${i}::int + ${sql.lit(i)} as n`.execute(handle.db)
        ).rows[0]?.n,
      );
    expect(answers).toEqual(Array.from({ length: 260 }, (_, i) => 2 * i));
    const first = await sql<{
      n: number;
    }>`select ${7}::int + ${sql.lit(0)} as n`.execute(handle.db);
    expect(first.rows[0]?.n).toBe(7);
  });

  it("creates WAL segments without zero-filling them (a 16 MB write that held every waiting message)", async () => {
    const setting = await sql<{
      wal_init_zero: string;
    }>`show wal_init_zero`.execute(handle.db);
    expect(setting.rows[0]?.wal_init_zero).toBe("off");
  });
});
