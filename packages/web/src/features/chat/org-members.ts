/** Looks up users of the org tree loaded at login by chat JID, for the details a room's member list shows. */
import type { OrgDepartment, OrgTreeResponse, OrgUser } from "@moa/shared";

// Keyed by the loaded tree object: a new login (or org reload) indexes again, the old index is collected.
const indexes = new WeakMap<OrgTreeResponse, Map<string, OrgUser>>();

function index(tree: OrgTreeResponse): Map<string, OrgUser> {
  const cached = indexes.get(tree);
  if (cached) return cached;
  const byJid = new Map<string, OrgUser>();
  const visit = (d: OrgDepartment) => {
    // A user listed in several departments keeps the first (their main department comes first in the tree).
    for (const u of d.userList)
      if (!byJid.has(u.messengerId.toLowerCase()))
        byJid.set(u.messengerId.toLowerCase(), u);
    for (const c of d.child) visit(c);
  };
  for (const d of tree.tree) visit(d);
  indexes.set(tree, byJid);
  return byJid;
}

/**
 * The org user of a JID.
 * @param tree - the loaded org tree; null before login.
 * @param jid - a bare chat JID.
 * @returns the user, or undefined when the tree does not list them.
 */
export function findOrgUser(
  tree: OrgTreeResponse | null,
  jid: string,
): OrgUser | undefined {
  return tree ? index(tree).get(jid.toLowerCase()) : undefined;
}
