/**
 * The main window's org picker source: the org tree loaded at login (features/session org cache), converted once per
 * loaded tree, and a name search over it, so neither browsing nor searching 20,000 users waits on the network.
 */
import {
  matchesName,
  type OrgDepartment,
  type OrgTreeResponse,
} from "@moa/shared";
import { getOrgTree } from "../session";
import type {
  OrgPickerSource,
  PickerDepartment,
  PickerUser,
} from "./org-picker-types";

type Converted = { roots: PickerDepartment[]; users: PickerUser[] };

// Keyed by the loaded tree object: a new login (or org reload) converts again, the old one is collected.
const converted = new WeakMap<OrgTreeResponse, Converted>();

function convert(tree: OrgTreeResponse): Converted {
  const cached = converted.get(tree);
  if (cached) return cached;
  const users: PickerUser[] = [];
  const toDepartment = (d: OrgDepartment): PickerDepartment => {
    const deptUsers = d.userList.map((u) => ({
      jid: u.messengerId,
      id: u.id,
      name: u.user.name,
      position: u.user.position,
      deptKey: d.key,
      deptName: d.name,
    }));
    users.push(...deptUsers);
    return {
      key: d.key,
      name: d.name,
      users: deptUsers,
      children: [...d.child]
        .sort((a, b) => a.order - b.order)
        .map(toDepartment),
    };
  };
  const result = {
    roots: [...tree.tree].sort((a, b) => a.order - b.order).map(toDepartment),
    users,
  };
  converted.set(tree, result);
  return result;
}

/** The org picker source of the main window. */
export function createOrgCacheSource(): OrgPickerSource {
  const current = (): Converted => {
    const org = getOrgTree();
    return org ? convert(org.tree) : { roots: [], users: [] };
  };
  return {
    loadTree: () => Promise.resolve(current().roots),
    search: (text) =>
      Promise.resolve(
        text.trim() === ""
          ? []
          : current().users.filter((u) => matchesName(u.name, text)),
      ),
  };
}
