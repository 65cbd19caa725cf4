/**
 * Friends and friend groups of the caller (spec §7.4, §5): group names ≤ 50 characters and unique per user,
 * friends added in bulk all-or-nothing (1105 listing the duplicates), moved between groups and deleted.
 * Friends are colleagues of the caller's company only.
 */
import { FRIEND_DUPLICATE_CODE, validateGroupName } from "@moa/shared";
import {
  DuplicateGroupNameError,
  type FriendGroup,
  type FriendsRepository,
} from "../../db/repositories/friends.repository.js";
import { notFound } from "../../errors.js";
import { refusal } from "../refusal.js";
import { userJid } from "../auth/identity.js";
import type { Actor } from "../auth/actor.js";
import type { OrgEntry, OrgIndex, OrgIndexService } from "./org-index.js";

export type Friend = { entry: OrgEntry; groupId: number | null };
/** A friend as the XMPP roster lists it: with the JID and the group's name. */
export type RosterFriend = Friend & {
  jid: string;
  groupName: string | undefined;
};
export type GroupWithFriends = FriendGroup & { friendLoginIds: string[] };

/** A duplicate-friend refusal: ErrorMsg 1105 with the names in details. */
const duplicateFriends = (names: string[]) =>
  refusal(FRIEND_DUPLICATE_CODE, { names });

export class FriendsService {
  constructor(
    private readonly repo: FriendsRepository,
    private readonly org: OrgIndexService,
    /** Told after a user's friends or groups changed (roster pushes to their XMPP clients). */
    private readonly changed: (userId: number) => void = () => undefined,
  ) {}

  /**
   * The caller's groups with the login ids of their friends.
   * @param actor the caller.
   * @returns the groups in creation order.
   */
  async groups(actor: Actor): Promise<GroupWithFriends[]> {
    const [groups, friends] = await Promise.all([
      this.repo.groups(actor.userId),
      this.friends(actor),
    ]);
    return groups.map((g) => ({
      ...g,
      friendLoginIds: friends
        .filter((f) => f.groupId === g.id)
        .map((f) => f.entry.user.loginId),
    }));
  }

  /**
   * The caller's friends who are still active colleagues.
   * @param actor the caller.
   * @returns friends with their group.
   */
  async friends(actor: Actor): Promise<Friend[]> {
    const [links, index] = await Promise.all([
      this.repo.friends(actor.userId),
      this.org.index(actor),
    ]);
    return activeFriends(links, index);
  }

  /**
   * The caller's friends who are still active colleagues, with what the XMPP roster shows of them. A stock client
   * reads it at every login, and most users have no friend yet: for them it costs one query, not the groups and the
   * org (whose company look-ups made it nine queries).
   * @param actor the caller.
   * @returns the friends in friend order.
   */
  async roster(actor: Actor): Promise<RosterFriend[]> {
    const links = await this.repo.friends(actor.userId);
    if (links.length === 0) return [];
    const [groups, index] = await Promise.all([
      this.repo.groups(actor.userId),
      this.org.index(actor),
    ]);
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    return activeFriends(links, index).map((f) => ({
      ...f,
      jid: userJid(f.entry.user, index.company),
      groupName: f.groupId === null ? undefined : groupName.get(f.groupId),
    }));
  }

  /**
   * Creates a group.
   * @throws AppError (refusal) friend.group.nameRequired / FR.GS.A.009 / FR.GS.A.011.
   */
  async createGroup(actor: Actor, name: string): Promise<FriendGroup> {
    const value = await this.checkName(actor, name, undefined);
    try {
      return await this.repo.createGroup(actor.userId, value);
    } catch (err) {
      if (err instanceof DuplicateGroupNameError) throw refusal("FR.GS.A.011");
      throw err;
    }
  }

  /**
   * Renames one of the caller's groups.
   * @throws AppError group_not_found, or a name code as for createGroup.
   */
  async renameGroup(
    actor: Actor,
    groupId: number,
    name: string,
  ): Promise<FriendGroup> {
    if (!(await this.repo.findGroup(actor.userId, groupId)))
      throw notFound("group_not_found");
    const value = await this.checkName(actor, name, groupId);
    try {
      if (!(await this.repo.renameGroup(actor.userId, groupId, value)))
        throw notFound("group_not_found");
    } catch (err) {
      if (err instanceof DuplicateGroupNameError) throw refusal("FR.GS.A.011");
      throw err;
    }
    this.changed(actor.userId);
    return { id: groupId, name: value };
  }

  /**
   * Deletes one of the caller's groups; its friends stay, ungrouped.
   * @throws AppError group_not_found.
   */
  async deleteGroup(actor: Actor, groupId: number): Promise<void> {
    if (!(await this.repo.deleteGroup(actor.userId, groupId)))
      throw notFound("group_not_found");
    this.changed(actor.userId);
  }

  /**
   * Adds colleagues as friends, all or nothing.
   * @param actor the caller.
   * @param items login ids with an optional group.
   * @returns the added friends.
   * @throws AppError 1105 (details.names) when any is already a friend or listed twice; user_not_found,
   *   group_not_found, cannot_befriend_self.
   */
  async addFriends(
    actor: Actor,
    items: readonly { id: string; groupId?: number | null | undefined }[],
  ): Promise<Friend[]> {
    const index = await this.org.index(actor);
    const existing = new Set(
      (await this.repo.friends(actor.userId)).map((l) => l.friendId),
    );
    const seen = new Set<number>();
    const duplicates: string[] = [];
    const added: Friend[] = [];
    for (const item of items) {
      const entry = index.byLogin.get(item.id);
      if (!entry) throw notFound("user_not_found");
      if (entry.user.id === actor.userId) throw refusal("cannot_befriend_self");
      if (existing.has(entry.user.id) || seen.has(entry.user.id)) {
        duplicates.push(entry.user.name);
        continue;
      }
      seen.add(entry.user.id);
      added.push({ entry, groupId: await this.groupIdOf(actor, item.groupId) });
    }
    if (duplicates.length) throw duplicateFriends(duplicates);
    const ok = await this.repo.addFriends(
      actor.userId,
      added.map((f) => ({ friendId: f.entry.user.id, groupId: f.groupId })),
    );
    if (!ok) throw duplicateFriends(added.map((f) => f.entry.user.name));
    this.changed(actor.userId);
    return added;
  }

  /**
   * Moves friends to a group (null or 0: no group).
   * @throws AppError 1105 (details.names) for friends already in that group; friend_not_found, group_not_found.
   */
  async moveFriends(
    actor: Actor,
    moves: readonly { id: string; groupId: number | null }[],
  ): Promise<void> {
    const friends = new Map(
      (await this.friends(actor)).map((f) => [f.entry.user.loginId, f]),
    );
    const duplicates: string[] = [];
    const links = [];
    for (const m of moves) {
      const friend = friends.get(m.id);
      if (!friend) throw notFound("friend_not_found");
      const groupId = await this.groupIdOf(actor, m.groupId);
      if (friend.groupId === groupId) duplicates.push(friend.entry.user.name);
      links.push({ friendId: friend.entry.user.id, groupId });
    }
    if (duplicates.length) throw duplicateFriends(duplicates);
    await this.repo.moveFriends(actor.userId, links);
    this.changed(actor.userId);
  }

  /**
   * Removes friends (unknown ids are ignored: the end state is what the caller asked for).
   * @returns how many were removed.
   */
  async deleteFriends(
    actor: Actor,
    loginIds: readonly string[],
  ): Promise<number> {
    const index = await this.org.index(actor);
    const ids = loginIds.flatMap((id) => {
      const e = index.byLogin.get(id);
      return e ? [e.user.id] : [];
    });
    const removed = await this.repo.deleteFriends(actor.userId, ids);
    if (removed > 0) this.changed(actor.userId);
    return removed;
  }

  private async groupIdOf(
    actor: Actor,
    groupId: number | null | undefined,
  ): Promise<number | null> {
    if (groupId === undefined || groupId === null || groupId === 0) return null;
    if (!(await this.repo.findGroup(actor.userId, groupId)))
      throw notFound("group_not_found");
    return groupId;
  }

  private async checkName(
    actor: Actor,
    name: string,
    selfId: number | undefined,
  ): Promise<string> {
    const others = (await this.repo.groups(actor.userId))
      .filter((g) => g.id !== selfId)
      .map((g) => g.name);
    const checked = validateGroupName(name, others);
    if (!checked.ok) throw refusal(checked.code);
    return checked.value;
  }
}

/** The friend links whose users are still in the org index (active colleagues), in link order. */
function activeFriends(
  links: readonly { friendId: number; groupId: number | null }[],
  index: OrgIndex,
): Friend[] {
  return links.flatMap((l) => {
    const entry = index.byId.get(l.friendId);
    return entry ? [{ entry, groupId: l.groupId }] : [];
  });
}
