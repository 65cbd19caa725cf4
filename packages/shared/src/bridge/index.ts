/** The typed window bridge: message map, core and the in-memory transport. */
export * from "./protocol.js";
export * from "./bridge.js";
export * from "./memory-transport.js";
