/**
 * What the user card shows of a person (spec §3 Org user), looked up by chat JID in the org tree loaded at login,
 * with the path of their department from the company down.
 */
import type { OrgDepartment, OrgTreeResponse, OrgUser } from "@moa/shared";

/** A person as the card shows them. */
export type CardUser = {
  readonly jid: string;
  readonly loginId: string;
  readonly name: string;
  readonly position: string;
  readonly title: string;
  /** Department names from the company down to the user's department. */
  readonly deptPath: readonly string[];
  readonly company: string;
  readonly email: string;
  readonly phone: string;
  readonly extension: string;
  readonly mobile: string;
  readonly jobDescription: string;
  /** The nickname, which the messenger also shows as the profile message. */
  readonly nickname: string;
  readonly photoUrl: string;
};

type Indexed = { user: OrgUser; path: readonly string[] };

// Keyed by the loaded tree object: a new login (or org reload) indexes again, the old index is collected.
const indexes = new WeakMap<OrgTreeResponse, Map<string, Indexed>>();

function index(tree: OrgTreeResponse): Map<string, Indexed> {
  const cached = indexes.get(tree);
  if (cached) return cached;
  const byJid = new Map<string, Indexed>();
  const visit = (d: OrgDepartment, parent: readonly string[]) => {
    const path = [...parent, d.name];
    // A user listed in several departments keeps the first (their main department comes first in the tree).
    for (const user of d.userList) {
      const key = user.messengerId.toLowerCase();
      if (!byJid.has(key)) byJid.set(key, { user, path });
    }
    for (const c of d.child) visit(c, path);
  };
  for (const d of tree.tree) visit(d, []);
  indexes.set(tree, byJid);
  return byJid;
}

/**
 * Converts an org user.
 * @param user - the org tree's row.
 * @param deptPath - their department's path.
 */
export function toCardUser(
  user: OrgUser,
  deptPath: readonly string[],
): CardUser {
  return {
    jid: user.messengerId,
    loginId: user.id,
    name: user.user.name,
    position: user.user.position,
    title: user.user.title,
    deptPath,
    company: user.user.department.company.name,
    email: user.user.email,
    phone: user.contact.business.phone,
    extension: user.contact.business.extension,
    mobile: user.contact.personal.mobile,
    jobDescription: user.property.jobDescription,
    nickname: user.messenger.nickname,
    photoUrl: user.user.photo.fullUrl,
  };
}

/**
 * The person of a JID.
 * @param tree - the loaded org tree; null before login.
 * @param jid - a bare chat JID.
 * @returns the person, or undefined when the tree does not list them.
 */
export function findCardUser(
  tree: OrgTreeResponse | null,
  jid: string,
): CardUser | undefined {
  const found = tree ? index(tree).get(jid.toLowerCase()) : undefined;
  return found ? toCardUser(found.user, found.path) : undefined;
}
