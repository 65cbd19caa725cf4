/** Jabber ids (RFC 7622) as used by Moa: users `{loginId}.{domain}@{xmppDomain}`, rooms `{roomName}@conference.{xmppDomain}`. */

declare const bareJidBrand: unique symbol;
declare const fullJidBrand: unique symbol;

/** A bare JID `local@domain`, lower-cased. */
export type BareJid = string & { readonly [bareJidBrand]: true };
/** A full JID `local@domain/resource`. */
export type FullJid = string & { readonly [fullJidBrand]: true };

/** The parts of a JID. */
export type JidParts = {
  local: string;
  domain: string;
  resource: string | undefined;
};

const LOCAL_FORBIDDEN = /["&'/:<>@\s]/u;

/**
 * Parses a JID string.
 * @param value the JID, e.g. `kim.demo.moa.test@moa.test/web-1`.
 * @returns its parts (local and domain lower-cased), or undefined when it is not a valid user or room JID.
 */
export function parseJid(value: string): JidParts | undefined {
  if (value.length === 0 || value.length > 3071) return undefined;
  const slash = value.indexOf("/");
  const bare = slash === -1 ? value : value.slice(0, slash);
  const resource = slash === -1 ? undefined : value.slice(slash + 1);
  const at = bare.indexOf("@");
  if (at <= 0) return undefined;
  const local = bare.slice(0, at).toLowerCase();
  const domain = bare.slice(at + 1).toLowerCase();
  if (LOCAL_FORBIDDEN.test(local) || local.length > 1023) return undefined;
  if (!/^[a-z0-9.-]+$/u.test(domain)) return undefined;
  if (
    resource !== undefined &&
    (resource.length === 0 || resource.length > 1023)
  )
    return undefined;
  return { local, domain, resource };
}

/**
 * Builds a bare JID.
 * @param local the local part.
 * @param domain the domain part.
 * @returns the lower-cased bare JID.
 */
export function bareJid(local: string, domain: string): BareJid {
  return `${local}@${domain}`.toLowerCase() as BareJid;
}

/**
 * Strips the resource from a JID.
 * @param jid a bare or full JID.
 * @returns the bare JID, or undefined when the input is not a JID.
 */
export function toBareJid(jid: string): BareJid | undefined {
  const p = parseJid(jid);
  return p ? bareJid(p.local, p.domain) : undefined;
}

/**
 * Builds a full JID.
 * @param bare the bare JID.
 * @param resource the resource.
 * @returns `bare/resource`.
 */
export function fullJid(bare: BareJid, resource: string): FullJid {
  return `${bare}/${resource}` as FullJid;
}

/**
 * The domain that hosts chat rooms for an XMPP domain.
 * @param xmppDomain the user domain, e.g. `moa.test`.
 * @returns `conference.{xmppDomain}`.
 */
export function roomDomain(xmppDomain: string): string {
  return `conference.${xmppDomain}`;
}

/**
 * The JID of a room.
 * @param roomName the room name (spec §3), e.g. `pc_kim.demo_1700000000000`.
 * @param xmppDomain the XMPP domain.
 * @returns the bare room JID.
 */
export function roomJid(roomName: string, xmppDomain: string): BareJid {
  return bareJid(roomName, roomDomain(xmppDomain));
}
