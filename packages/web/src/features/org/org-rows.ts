/**
 * The org tab's rows: the department tree flattened to what is open (so a 20,000-user org renders only the rows on
 * screen), and the search-result tree (users whose name contains the text, grouped under their department path).
 * Hidden departments never show; the virtual branch only when the company turned it on (VirtUseYN, spec §6).
 */
import type { OrgDepartment, OrgTreeResponse, OrgUser } from "@moa/shared";

/** One row of the tab's tree; `depth` starts at 1 for the roots. */
export type OrgRow =
  | {
      readonly kind: "dept";
      readonly dept: OrgDepartment;
      readonly depth: number;
      readonly open: boolean;
      /** Everyone listed in it and below it. */
      readonly total: number;
    }
  | {
      readonly kind: "group";
      readonly key: string;
      /** The department's path from the company down. */
      readonly path: string;
      readonly count: number;
    }
  | {
      readonly kind: "user";
      readonly user: OrgUser;
      readonly deptKey: string;
      readonly deptName: string;
      readonly depth: number;
    };

/** The key a row keeps while the list scrolls and changes (a user can sit in several departments). */
export function rowKey(row: OrgRow): string {
  return row.kind === "user"
    ? `u:${row.deptKey}:${row.user.messengerId}`
    : row.kind === "dept"
      ? `d:${row.dept.key}`
      : `g:${row.key}`;
}

type Listed = {
  user: OrgUser;
  deptKey: string;
  deptName: string;
  path: string;
  /** The name lowercased once, for searching. */
  folded: string;
};

type Prepared = {
  roots: readonly OrgDepartment[];
  totals: ReadonlyMap<string, number>;
  listed: readonly Listed[];
  /** Department keys from the root down to each department. */
  ancestors: ReadonlyMap<string, readonly string[]>;
};

// Keyed by the loaded tree object and the virtual-branch flag: the work is done once per login (or org reload).
const prepared = new WeakMap<OrgTreeResponse, Map<boolean, Prepared>>();

const fold = (text: string) => text.normalize("NFC").toLocaleLowerCase();

function prepare(tree: OrgTreeResponse, virtualBranch: boolean): Prepared {
  const byFlag = prepared.get(tree) ?? new Map<boolean, Prepared>();
  prepared.set(tree, byFlag);
  const cached = byFlag.get(virtualBranch);
  if (cached) return cached;
  const shown = (d: OrgDepartment) =>
    d.isShow && (virtualBranch || !d.isVirtual);
  const sorted = (list: readonly OrgDepartment[]) =>
    list.filter(shown).sort((a, b) => a.order - b.order);
  const totals = new Map<string, number>();
  const listed: Listed[] = [];
  const ancestors = new Map<string, readonly string[]>();
  const visit = (
    d: OrgDepartment,
    path: readonly string[],
    keys: readonly string[],
  ): number => {
    const here = [...path, d.name];
    const chain = [...keys, d.key];
    ancestors.set(d.key, chain);
    const pathText = here.join(" > ");
    for (const user of d.userList)
      listed.push({
        user,
        deptKey: d.key,
        deptName: d.name,
        path: pathText,
        folded: fold(user.user.name),
      });
    let total = d.userList.length;
    for (const c of sorted(d.child)) total += visit(c, here, chain);
    totals.set(d.key, total);
    return total;
  };
  const roots = sorted(tree.tree);
  for (const root of roots) visit(root, [], []);
  const result = { roots, totals, listed, ancestors };
  byFlag.set(virtualBranch, result);
  return result;
}

/** The org as the tab shows it. */
export type OrgView = {
  readonly roots: readonly OrgDepartment[];
  /**
   * The rows of the open tree: each department, then — when open — its people and its sub-departments.
   * @param expanded - keys of the open departments.
   */
  treeRows(expanded: ReadonlySet<string>): OrgRow[];
  /**
   * The search-result tree: one heading per department (in tree order) with its matching people below.
   * @param text - the search text; blank finds nobody.
   */
  searchRows(text: string): OrgRow[];
  /** The keys of a department and its parents, root first (empty when the tab does not show it). */
  pathTo(deptKey: string): readonly string[];
};

/**
 * The tab's view of a loaded org tree.
 * @param tree - the tree loaded at login.
 * @param virtualBranch - whether the company shows its virtual branch.
 */
export function orgView(
  tree: OrgTreeResponse,
  virtualBranch: boolean,
): OrgView {
  const { roots, totals, listed, ancestors } = prepare(tree, virtualBranch);
  const shownChildren = (d: OrgDepartment) =>
    d.child.filter((c) => totals.has(c.key)).sort((a, b) => a.order - b.order);
  return {
    roots,
    treeRows(expanded) {
      const rows: OrgRow[] = [];
      const visit = (dept: OrgDepartment, depth: number) => {
        const open = expanded.has(dept.key);
        rows.push({
          kind: "dept",
          dept,
          depth,
          open,
          total: totals.get(dept.key) ?? 0,
        });
        if (!open) return;
        // People first (the head of a department is listed first), then the sub-departments.
        for (const user of dept.userList)
          rows.push({
            kind: "user",
            user,
            deptKey: dept.key,
            deptName: dept.name,
            depth: depth + 1,
          });
        for (const child of shownChildren(dept)) visit(child, depth + 1);
      };
      for (const root of roots) visit(root, 1);
      return rows;
    },
    searchRows(text) {
      const query = fold(text.trim());
      if (query === "") return [];
      const groups = new Map<string, Listed[]>();
      for (const item of listed) {
        if (!item.folded.includes(query)) continue;
        const group = groups.get(item.deptKey);
        if (group) group.push(item);
        else groups.set(item.deptKey, [item]);
      }
      return [...groups].flatMap(([key, members]): OrgRow[] => [
        {
          kind: "group",
          key,
          path: members[0]?.path ?? "",
          count: members.length,
        },
        ...members.map((m) => ({
          kind: "user" as const,
          user: m.user,
          deptKey: m.deptKey,
          deptName: m.deptName,
          depth: 2,
        })),
      ]);
    },
    pathTo: (deptKey) => ancestors.get(deptKey) ?? [],
  };
}
