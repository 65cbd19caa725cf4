/** Which window this is, from its route: the bridge's `from` (the Electron relay overwrites it with the registered id). */
import type { WindowId } from "@moa/shared";
import { parseHash } from "../router";

/**
 * The window id of a hash route: `/` and the login screens are main, `/chatRoom?rparam=<room>` is `room:<room>`,
 * `/popup?wid=popup:<n>` keeps its given id.
 */
export function windowIdFor(hash: string): WindowId {
  const { path, query } = parseHash(hash);
  switch (path) {
    case "/setting":
      return "settings";
    case "/webhard":
      return "file-picker";
    case "/chatRoom":
      return `room:${query.get("rparam") ?? "unknown"}`;
    case "/popup": {
      const wid = query.get("wid");
      return wid?.startsWith("popup:") ? (wid as WindowId) : "popup:0";
    }
    default:
      return "main";
  }
}
