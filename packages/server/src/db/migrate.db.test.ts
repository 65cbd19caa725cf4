import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/index.js";
import type { DatabaseHandle } from "./database.js";
import { migrate } from "./migrate.js";
import { migrations } from "./migrations/index.js";

describe("migrations", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("records every migration once and applies nothing on a second run", async () => {
    handle = await createTestDatabase();
    const rows = await handle.db
      .selectFrom("schema_migrations")
      .select("version")
      .orderBy("version")
      .execute();
    expect(rows.map((r) => r.version)).toEqual(
      migrations.map((m) => m.version),
    );
    expect(await migrate(handle.db)).toEqual([]);
  });

  it("rolls back a failing migration set entirely and leaves the schema usable", async () => {
    handle = await createTestDatabase();
    const bad = [
      ...migrations,
      { version: "900-good", sql: "create table probe_a (id int)" },
      {
        version: "901-bad",
        sql: "create table probe_b (id int references nowhere(id))",
      },
    ];
    await expect(migrate(handle.db, bad)).rejects.toThrow();
    const probe = await sql<{
      t: string | null;
    }>`select to_regclass('probe_a')::text as t`.execute(handle.db);
    expect(probe.rows[0]?.t).toBeNull();
    expect(await migrate(handle.db)).toEqual([]);
  });
});
