/**
 * Namespaces of the instant-messaging part of RFC 6121 and the XEPs around it that Moa serves to stock clients
 * (1:1 chat, carbons, roster, vCard). Kept here rather than in @moa/shared: the web client never speaks them.
 */

/** XEP-0280 Message Carbons. */
export const NS_CARBONS = "urn:xmpp:carbons:2";
/** RFC 6121 roster. */
export const NS_ROSTER = "jabber:iq:roster";
/** XEP-0237 roster versioning stream feature. */
export const NS_ROSTER_VER = "urn:xmpp:features:rosterver";
/** XEP-0054 vcard-temp. */
export const NS_VCARD = "vcard-temp";

/**
 * disco#info features of the IM part, to append to the server's feature list (RFC 6121 roster versioning is a
 * stream feature instead: {@link ROSTER_VER_FEATURE}).
 */
export const IM_DISCO_FEATURES: readonly string[] = [NS_CARBONS, NS_VCARD];

/** The stream feature announcing roster versioning, sent with the bind features. */
export const ROSTER_VER_FEATURE = `<ver xmlns="${NS_ROSTER_VER}"/>`;
