/**
 * The picker's rows: the department tree flattened to what is open (so a 20,000-user org renders only the rows on
 * screen), search results grouped by department, and the tree the shared check rules walk (users keyed by JID).
 */
import {
  asDepartmentKey,
  asUserId,
  type OrgPickerDepartment,
} from "@moa/shared";
import type { PickerDepartment, PickerUser } from "./org-picker-types";

/** One row of the picker's tree; `depth` starts at 1 for the roots. */
export type PickerRow =
  | {
      readonly kind: "dept";
      readonly dept: PickerDepartment;
      readonly depth: number;
      readonly open: boolean;
    }
  | { readonly kind: "group"; readonly name: string; readonly key: string }
  | {
      readonly kind: "user";
      readonly user: PickerUser;
      readonly depth: number;
    };

/**
 * The rows of the department tree: each department, then — when open — its users and its sub-departments.
 * @param roots - the tree's roots.
 * @param expanded - keys of the open departments.
 */
export function flattenTree(
  roots: readonly PickerDepartment[],
  expanded: ReadonlySet<string>,
): PickerRow[] {
  const rows: PickerRow[] = [];
  const visit = (dept: PickerDepartment, depth: number) => {
    const open = expanded.has(dept.key);
    rows.push({ kind: "dept", dept, depth, open });
    if (!open) return;
    // People first (the head of a department is listed first), then the sub-departments.
    for (const user of dept.users)
      rows.push({ kind: "user", user, depth: depth + 1 });
    for (const child of dept.children) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 1);
  return rows;
}

/**
 * The search-result tree: one group per department, in the order the results name them, with its users below.
 * @param users - the matching users.
 */
export function flattenResults(users: readonly PickerUser[]): PickerRow[] {
  const groups = new Map<string, PickerUser[]>();
  for (const user of users) {
    const group = groups.get(user.deptKey);
    if (group) group.push(user);
    else groups.set(user.deptKey, [user]);
  }
  return [...groups].flatMap(([key, members]): PickerRow[] => [
    { kind: "group", key, name: members[0]?.deptName ?? "" },
    ...members.map((user) => ({ kind: "user" as const, user, depth: 2 })),
  ]);
}

/**
 * The tree the shared check rules walk: users by JID, without the excluded ones (a department box never picks them).
 * @param roots - the picker's tree.
 * @param excluded - JIDs that cannot be picked.
 */
export function toRuleTree(
  roots: readonly PickerDepartment[],
  excluded: ReadonlySet<string>,
): OrgPickerDepartment[] {
  const convert = (dept: PickerDepartment): OrgPickerDepartment => ({
    key: asDepartmentKey(dept.key),
    users: dept.users
      .filter((u) => !excluded.has(u.jid))
      .map((u) => ({ id: asUserId(u.jid) })),
    children: dept.children.map(convert),
  });
  return roots.map(convert);
}
