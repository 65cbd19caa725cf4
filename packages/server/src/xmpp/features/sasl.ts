/**
 * SASL PLAIN (RFC 4616 over RFC 6120 §6): the password is the access token from login. The authcid
 * (and authzid, if given) must be the JID local part `{loginId}.{domain}` of the token's user.
 */
import type { Element } from "@xmpp/xml";
import { parseJid } from "@moa/shared";
import type { Actor } from "../../services/auth/actor.js";
import type { XmppContext } from "../context.js";

export type SaslResult =
  | { ok: true; actor: Actor; expiresAt: Date; token: string }
  | {
      ok: false;
      condition:
        | "invalid-mechanism"
        | "malformed-request"
        | "not-authorized"
        | "credentials-expired";
    };

/**
 * Checks an `<auth/>` element.
 * @param auth the element.
 * @param ctx the token verifier.
 * @param domain the domain the stream was opened to.
 * @returns the actor, the token and when it expires, or the RFC 6120 §6.5 failure condition.
 */
export async function authenticatePlain(
  auth: Element,
  ctx: XmppContext,
  domain: string,
): Promise<SaslResult> {
  if (auth.attrs.mechanism !== "PLAIN")
    return { ok: false, condition: "invalid-mechanism" };
  const text = auth.getText().trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text))
    return { ok: false, condition: "malformed-request" };
  const parts = Buffer.from(text, "base64").toString("utf8").split("\0");
  if (parts.length !== 3) return { ok: false, condition: "malformed-request" };
  const [authzid = "", authcid = "", token = ""] = parts;
  if (!authcid || !token) return { ok: false, condition: "malformed-request" };
  const verified = await ctx.verifier.verify(token);
  if (!verified.ok) {
    return {
      ok: false,
      condition:
        verified.reason === "expired"
          ? "credentials-expired"
          : "not-authorized",
    };
  }
  const own = parseJid(verified.actor.jid);
  if (!own || own.domain !== domain)
    return { ok: false, condition: "not-authorized" };
  const matches = (id: string) =>
    id.toLowerCase() === own.local ||
    id.toLowerCase() === `${own.local}@${own.domain}`;
  if (!matches(authcid) || (authzid !== "" && !matches(authzid)))
    return { ok: false, condition: "not-authorized" };
  return {
    ok: true,
    actor: verified.actor,
    expiresAt: verified.expiresAt,
    token,
  };
}
