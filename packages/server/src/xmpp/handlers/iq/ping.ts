/** XEP-0199 XMPP ping: an empty result. https://xmpp.org/extensions/xep-0199.html */
import { NS_PING } from "@moa/shared";
import type { DiscoFeatures } from "../../disco-features.js";
import type { Router } from "../../router.js";

/**
 * Registers the ping handler.
 * @param router the router.
 * @param features the advertised features.
 */
export function registerPing(router: Router, features: DiscoFeatures): void {
  router.iq("get", NS_PING, "ping", () => Promise.resolve(undefined));
  features.addServer(NS_PING);
}
