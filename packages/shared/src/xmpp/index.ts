/** XMPP names and rules shared by the chat server and its clients. */
export * from "./jid.js";
export * from "./namespaces.js";
export * from "./rules.js";
