/** SCRAM keys of account passwords and the app passwords users create for chat clients (migration 007). */
import type { Db } from "../database.js";

/** What the server keeps of a password for SCRAM (RFC 5802 §3): enough to check a proof, not to forge one. */
export type ScramKeys = {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
};

/** An app password as listed to its owner (never the secret). */
export type AppPassword = {
  id: number;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export class ChatCredentialsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reads a user's SCRAM keys if they were derived from the current password.
   * @param userId the user.
   * @param passwordVersion the account's password version.
   * @returns the keys, or undefined when absent or stale.
   */
  async findScram(
    userId: number,
    passwordVersion: number,
  ): Promise<ScramKeys | undefined> {
    const r = await this.db
      .selectFrom("scram_credentials")
      .selectAll()
      .where("user_id", "=", userId)
      .where("password_version", "=", passwordVersion)
      .executeTakeFirst();
    return r
      ? {
          salt: Buffer.from(r.salt, "base64"),
          iterations: r.iterations,
          storedKey: Buffer.from(r.stored_key, "base64"),
          serverKey: Buffer.from(r.server_key, "base64"),
        }
      : undefined;
  }

  /** Stores (or replaces) a user's SCRAM keys for a password version. */
  async saveScram(
    userId: number,
    passwordVersion: number,
    keys: ScramKeys,
  ): Promise<void> {
    const row = {
      password_version: passwordVersion,
      salt: keys.salt.toString("base64"),
      iterations: keys.iterations,
      stored_key: keys.storedKey.toString("base64"),
      server_key: keys.serverKey.toString("base64"),
      updated_at: new Date(),
    };
    await this.db
      .insertInto("scram_credentials")
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
      .execute();
  }

  async listAppPasswords(userId: number): Promise<AppPassword[]> {
    const rows = await this.db
      .selectFrom("app_passwords")
      .select(["id", "label", "created_at", "last_used_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    }));
  }

  /** The hashes of a user's app passwords, to check a submitted one against. */
  async appPasswordHashes(
    userId: number,
  ): Promise<{ id: number; hash: string }[]> {
    const rows = await this.db
      .selectFrom("app_passwords")
      .select(["id", "password_hash"])
      .where("user_id", "=", userId)
      .execute();
    return rows.map((r) => ({ id: r.id, hash: r.password_hash }));
  }

  async countAppPasswords(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom("app_passwords")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async addAppPassword(
    userId: number,
    label: string,
    hash: string,
  ): Promise<AppPassword> {
    const r = await this.db
      .insertInto("app_passwords")
      .values({ user_id: userId, label, password_hash: hash })
      .returning(["id", "label", "created_at", "last_used_at"])
      .executeTakeFirstOrThrow();
    return {
      id: r.id,
      label: r.label,
      createdAt: r.created_at,
      lastUsedAt: r.last_used_at,
    };
  }

  /** @returns whether the user had that app password. */
  async deleteAppPassword(userId: number, id: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom("app_passwords")
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async touchAppPassword(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable("app_passwords")
      .set({ last_used_at: now })
      .where("id", "=", id)
      .execute();
  }
}
