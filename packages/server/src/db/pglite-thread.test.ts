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
});
