/**
 * XEP-0054 vcard-temp for colleagues, read from the org: name (FN, N), position (TITLE), company and department
 * (ORG/ORGNAME, ORG/ORGUNIT) and email. The org is managed by the company, so vCards cannot be set over XMPP.
 * Moa has no uploaded photos by default, so no PHOTO and no XEP-0084/0153 avatars.
 */
import xml from "@xmpp/xml";
import type { Router } from "../router.js";
import { StanzaError } from "../stream/errors.js";
import { colleagueOf, directoryOf, type ImDeps } from "./colleagues.js";
import { NS_VCARD } from "./namespaces.js";

/**
 * Registers the vCard queries.
 * @param router the router.
 * @param deps the IM dependencies.
 */
export function registerVcard(router: Router, deps: ImDeps): void {
  router.iq("get", NS_VCARD, "vCard", async (session, _payload, iq) => {
    const to = iq.attrs.to as string | undefined;
    const self = to === undefined || to.toLowerCase() === session.bare;
    const userId = self
      ? session.actor.userId
      : (await colleagueOf(deps, session, to)).id;
    const index = await directoryOf(deps).orgIndex.index(session.actor);
    const entry = index.byId.get(userId);
    if (!entry) throw new StanzaError("item-not-found", "user_not_found");
    const { user, department } = entry;
    const card = xml(
      "vCard",
      { xmlns: NS_VCARD },
      xml("FN", {}, user.name),
      xml("N", {}, xml("GIVEN", {}, user.name)),
      xml(
        "ORG",
        {},
        xml("ORGNAME", {}, index.company.name),
        xml("ORGUNIT", {}, department.name),
      ),
    );
    if (user.nickname) card.c("NICKNAME").t(user.nickname);
    if (user.position) card.c("TITLE").t(user.position);
    if (user.email)
      card.c("EMAIL").c("INTERNET").up().c("USERID").t(user.email);
    return card;
  });

  router.iq("set", NS_VCARD, "vCard", () => {
    throw new StanzaError("not-allowed", "org_managed");
  });
}
