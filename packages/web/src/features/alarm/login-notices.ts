/**
 * Login notices over the chat connection (docs/protocol.md §5, spec §6): the client names the scope it wants
 * (`org`: anyone in the company, `frnd`: the users it follows, `off`), and the server sends a headline `<login/>`
 * when such a user logs in and their previous login was more than 5 s earlier.
 */
import { NS_MOA_PRESENCE, type LocalSettings } from "@moa/shared";
import { $iq } from "strophe.js";
import { child } from "../../lib/xml";

/** The scope the settings ask for. */
export function loginNoticeScope(
  settings: LocalSettings,
): "org" | "frnd" | "off" {
  return settings.loginNotiYn === "Y" ? settings.loginNotiCd : "off";
}

/** The iq that sets the scope. */
export function loginNoticesIq(scope: "org" | "frnd" | "off"): Element {
  return $iq({ type: "set" })
    .c("login-notices", { xmlns: NS_MOA_PRESENCE, scope })
    .tree();
}

/**
 * Reads a login notice out of a chat message.
 * @returns the bare JID of who logged in, or null for any other message.
 */
export function loginNoticeOf(message: Element): string | null {
  if (message.getAttribute("type") !== "headline") return null;
  const login = child(message, "login", NS_MOA_PRESENCE);
  const jid = login?.getAttribute("jid") ?? message.getAttribute("from");
  return login && jid ? (jid.split("/")[0] ?? null) : null;
}
