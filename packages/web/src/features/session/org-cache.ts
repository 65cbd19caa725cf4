/** The org tree loaded at login, held once per main window outside React state (20,000 users is a large object). */
import type { OrgTreeResponse } from "@moa/shared";

let current: { tree: OrgTreeResponse; virtualBranch: boolean } | null = null;

/** Keeps the org tree loaded at login. */
export function setOrgTree(
  tree: OrgTreeResponse,
  virtualBranch: boolean,
): void {
  current = { tree, virtualBranch };
}

/** The org tree, or null before login. */
export function getOrgTree() {
  return current;
}

/** Forgets it at logout. */
export function clearOrgTree(): void {
  current = null;
}
