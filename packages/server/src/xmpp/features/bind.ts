/** Resource binding (RFC 6120 §7): the client's resource, or a generated one. */
import { randomBytes } from "node:crypto";
import type { Element } from "@xmpp/xml";
import { NS_BIND } from "@moa/shared";
import { StanzaError } from "../stream/errors.js";

/**
 * Reads the requested resource of a bind iq.
 * @param iq the `<iq type="set"><bind/></iq>`.
 * @returns the resource to bind, or a bad-request error.
 */
export function bindResource(
  iq: Element,
): { ok: true; resource: string } | { ok: false; error: StanzaError } {
  if (iq.attrs.type !== "set")
    return { ok: false, error: new StanzaError("bad-request") };
  const requested = iq
    .getChild("bind", NS_BIND)
    ?.getChildText("resource")
    ?.trim();
  if (!requested)
    return {
      ok: true,
      resource: `moa-${randomBytes(6).toString("base64url")}`,
    };
  // RFC 7622 resourceprep forbids controls; keep resources short and printable.
  if (requested.length > 256 || /\p{Cc}/u.test(requested)) {
    return { ok: false, error: new StanzaError("bad-request") };
  }
  return { ok: true, resource: requested };
}
