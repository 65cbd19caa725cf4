/**
 * XML namespaces of the Moa chat protocol (docs/protocol.md): the standard XMPP ones we speak and
 * our own `urn:moa:*` ones where no XEP fits. Used by the server and by clients.
 */

/** RFC 7395 §3.3 WebSocket framing (`<open/>`, `<close/>`). */
export const NS_FRAMING = "urn:ietf:params:xml:ns:xmpp-framing";
/** RFC 6120 §4.9 stream error conditions. */
export const NS_STREAMS = "urn:ietf:params:xml:ns:xmpp-streams";
/** RFC 6120 §8.3 stanza error conditions. */
export const NS_STANZAS = "urn:ietf:params:xml:ns:xmpp-stanzas";
/** RFC 6120 §6 SASL. */
export const NS_SASL = "urn:ietf:params:xml:ns:xmpp-sasl";
/** RFC 6120 §7 resource binding. */
export const NS_BIND = "urn:ietf:params:xml:ns:xmpp-bind";
/** RFC 6121 default content namespace of client streams. */
export const NS_CLIENT = "jabber:client";
/** The stream features wrapper namespace (RFC 6120 §4.3). */
export const NS_STREAM = "http://etherx.jabber.org/streams";
/** XEP-0199 ping. */
export const NS_PING = "urn:xmpp:ping";
/** XEP-0198 stream management. */
export const NS_SM = "urn:xmpp:sm:3";
/** XEP-0313 message archive management. */
export const NS_MAM = "urn:xmpp:mam:2";
/** XEP-0059 result set management. */
export const NS_RSM = "http://jabber.org/protocol/rsm";
/** XEP-0004 data forms. */
export const NS_DATA = "jabber:x:data";
/** XEP-0297 stanza forwarding. */
export const NS_FORWARD = "urn:xmpp:forward:0";
/** XEP-0203 delayed delivery. */
export const NS_DELAY = "urn:xmpp:delay";
/** XEP-0359 unique and stable stanza ids (`<stanza-id/>`, `<origin-id/>`). */
export const NS_SID = "urn:xmpp:sid:0";
/** XEP-0424 message retraction. */
export const NS_RETRACT = "urn:xmpp:message-retract:1";
/** XEP-0030 service discovery (info). */
export const NS_DISCO_INFO = "http://jabber.org/protocol/disco#info";
/** Moa message payload: reply quote, extensions JSON, long-message flag, tombstones. */
export const NS_MOA_CHAT = "urn:moa:chat:0";
/** Moa room queries of spec §7.8 (room list, members, names, read watermarks, deletion). */
export const NS_MOA_ROOMS = "urn:moa:rooms:0";
/** Moa per-user data (userData/alarmData), token renewal and nickname. */
export const NS_MOA_USER = "urn:moa:user:0";
/** Moa presence subscriptions (the users a client shows) and login notifications. */
export const NS_MOA_PRESENCE = "urn:moa:presence:0";
/** Moa workplace pushes (badge counts, groupware alarms, notices, incoming calls) as headline messages. */
export const NS_MOA_PUSH = "urn:moa:push:0";
/** Moa message search across the rooms a user may read (substring, Hangul-aware). */
export const NS_MOA_SEARCH = "urn:moa:search:0";
