/**
 * The friend tab's groups (spec §2.5): each group with its friends sorted by name, friends without a group in a
 * last "ungrouped" bucket (shown only when not empty), and the header search narrowing friends by name substring
 * (spec §5; blank text shows everyone). Groups with no match are hidden while searching.
 */
import { buildSearchPattern } from "@moa/shared";
import type { Friend, FriendGroup } from "../../api/friends-api";

/** A group as the tab shows it; `id` null is the ungrouped bucket. */
export type FriendGroupView = {
  readonly id: number | null;
  readonly name: string;
  readonly friends: readonly Friend[];
};

const byName = (a: Friend, b: Friend) =>
  a.profile.user.name.localeCompare(b.profile.user.name, "ko");

/**
 * Groups the friends.
 * @param groups - the user's groups in creation order.
 * @param friends - the user's friends.
 * @param search - the header search text.
 * @returns the groups to show, the ungrouped bucket (named `ungroupedName`) last.
 */
export function friendGroupViews(
  groups: readonly FriendGroup[],
  friends: readonly Friend[],
  search: string,
  ungroupedName: string,
): FriendGroupView[] {
  const pattern = buildSearchPattern(search);
  const shown = pattern
    ? friends.filter((f) => pattern.test(f.profile.user.name))
    : friends;
  const known = new Set(groups.map((g) => g.id));
  const views: FriendGroupView[] = groups.map((g) => ({
    id: g.id,
    name: g.name,
    friends: shown.filter((f) => f.group.id === g.id).sort(byName),
  }));
  const ungrouped = shown
    .filter((f) => f.group.id === null || !known.has(f.group.id))
    .sort(byName);
  if (ungrouped.length > 0)
    views.push({ id: null, name: ungroupedName, friends: ungrouped });
  return pattern ? views.filter((v) => v.friends.length > 0) : views;
}
