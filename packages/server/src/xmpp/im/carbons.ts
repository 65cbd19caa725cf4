/**
 * XEP-0280 Message Carbons: a stock resource that enables carbons gets a `<sent/>` copy of the 1:1 messages the
 * user sends from any other resource (Moa clients included). Received 1:1 messages go to every stock resource of
 * the user anyway (messages are addressed to the bare JID), so they need no `<received/>` copy; Moa clients get the
 * dual room's own delivery, never carbons.
 */
import type { Router } from "../router.js";
import { imState } from "./im-session.js";
import { NS_CARBONS } from "./namespaces.js";

/**
 * Registers enable and disable.
 * @param router the router.
 */
export function registerCarbons(router: Router): void {
  router.iq("set", NS_CARBONS, "enable", (session) => {
    imState(session).carbons = true;
    return Promise.resolve(undefined);
  });
  router.iq("set", NS_CARBONS, "disable", (session) => {
    imState(session).carbons = false;
    return Promise.resolve(undefined);
  });
}
