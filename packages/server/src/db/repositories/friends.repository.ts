/** Friend groups and friends of a user. Group names are unique per user (database constraint). */
import type { Db } from "../database.js";
import { hasPgCode, UNIQUE_VIOLATION } from "../pg-errors.js";

export type FriendGroup = { id: number; name: string };
export type FriendLink = { friendId: number; groupId: number | null };

/** Thrown when a group name is taken (unique violation). */
export class DuplicateGroupNameError extends Error {}

const isUniqueViolation = (err: unknown) => hasPgCode(err, UNIQUE_VIOLATION);

export class FriendsRepository {
  constructor(private readonly db: Db) {}

  async groups(userId: number): Promise<FriendGroup[]> {
    return this.db
      .selectFrom("friend_groups")
      .select(["id", "name"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
  }

  async findGroup(
    userId: number,
    groupId: number,
  ): Promise<FriendGroup | undefined> {
    return this.db
      .selectFrom("friend_groups")
      .select(["id", "name"])
      .where("user_id", "=", userId)
      .where("id", "=", groupId)
      .executeTakeFirst();
  }

  /** @throws DuplicateGroupNameError when the user has a group of that name. */
  async createGroup(userId: number, name: string): Promise<FriendGroup> {
    try {
      return await this.db
        .insertInto("friend_groups")
        .values({ user_id: userId, name })
        .returning(["id", "name"])
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateGroupNameError(name);
      throw err;
    }
  }

  /** @throws DuplicateGroupNameError when another group has that name. */
  async renameGroup(
    userId: number,
    groupId: number,
    name: string,
  ): Promise<boolean> {
    try {
      const r = await this.db
        .updateTable("friend_groups")
        .set({ name })
        .where("user_id", "=", userId)
        .where("id", "=", groupId)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateGroupNameError(name);
      throw err;
    }
  }

  /** Deletes a group; its friends stay, without a group. */
  async deleteGroup(userId: number, groupId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom("friend_groups")
      .where("user_id", "=", userId)
      .where("id", "=", groupId)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  async friends(userId: number): Promise<FriendLink[]> {
    const rows = await this.db
      .selectFrom("friends")
      .select(["friend_id", "group_id"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("friend_id")
      .execute();
    return rows.map((r) => ({ friendId: r.friend_id, groupId: r.group_id }));
  }

  /** Adds friends in one transaction; false (nothing added) when any is already a friend. */
  async addFriends(
    userId: number,
    links: readonly FriendLink[],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("friends")
        .values(
          links.map((l) => ({
            user_id: userId,
            friend_id: l.friendId,
            group_id: l.groupId,
          })),
        )
        .onConflict((oc) => oc.columns(["user_id", "friend_id"]).doNothing())
        .returning("friend_id")
        .execute();
      if (inserted.length === links.length) return true;
      // A concurrent add won the race: undo ours so the batch stays all-or-nothing.
      if (inserted.length === 0) return false;
      await trx
        .deleteFrom("friends")
        .where("user_id", "=", userId)
        .where(
          "friend_id",
          "in",
          inserted.map((r) => r.friend_id),
        )
        .execute();
      return false;
    });
  }

  async moveFriends(
    userId: number,
    moves: readonly FriendLink[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const m of moves) {
        await trx
          .updateTable("friends")
          .set({ group_id: m.groupId })
          .where("user_id", "=", userId)
          .where("friend_id", "=", m.friendId)
          .execute();
      }
    });
  }

  async deleteFriends(
    userId: number,
    friendIds: readonly number[],
  ): Promise<number> {
    if (friendIds.length === 0) return 0;
    const r = await this.db
      .deleteFrom("friends")
      .where("user_id", "=", userId)
      .where("friend_id", "in", friendIds)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
