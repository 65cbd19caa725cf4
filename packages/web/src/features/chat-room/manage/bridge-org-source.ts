/**
 * The org picker's source in a room window: the main window's org tree over the bridge (`org:get`), asked once per
 * source and searched here, so typing in the picker does not cross windows for every key.
 */
import {
  matchesName,
  type BridgeRequests,
  type BridgeResponses,
} from "@moa/shared";
import type {
  OrgPickerSource,
  PickerDepartment,
  PickerUser,
} from "../../org-picker";

type OrgGet = (
  payload: BridgeRequests["org:get"],
) => Promise<BridgeResponses["org:get"]>;

/**
 * Creates the source.
 * @param request - sends `org:get` to the main window.
 * @returns the source; a failed load is asked again next time.
 */
export function createBridgeOrgSource(request: OrgGet): OrgPickerSource {
  let tree: Promise<readonly PickerDepartment[]> | null = null;
  const load = () => {
    tree ??= (async () => {
      try {
        return (await request({})).departments;
      } catch (err) {
        tree = null;
        throw err;
      }
    })();
    return tree;
  };
  const users = async (): Promise<PickerUser[]> => {
    const found: PickerUser[] = [];
    const visit = (d: PickerDepartment) => {
      found.push(...d.users);
      d.children.forEach(visit);
    };
    (await load()).forEach(visit);
    return found;
  };
  return {
    loadTree: load,
    async search(text) {
      if (text.trim() === "") return [];
      return (await users()).filter((u) => matchesName(u.name, text));
    },
  };
}
