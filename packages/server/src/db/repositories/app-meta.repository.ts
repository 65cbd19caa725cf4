/** Server-wide key/value settings shared by every node (generated keys and the like). */
import type { Db } from "../database.js";

export class AppMetaRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reads a value, creating it first when missing; concurrent first starts agree on one value.
   * @param key the setting key.
   * @param create makes the value when the key is missing.
   * @returns the stored value (the winner's, when several nodes raced).
   */
  async getOrCreate(
    key: string,
    create: () => string | Promise<string>,
  ): Promise<string> {
    const existing = await this.db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    if (existing) return existing.value;
    await this.db
      .insertInto("app_meta")
      .values({ key, value: await create() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
