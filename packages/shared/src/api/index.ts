/** REST request/response schemas shared by server and clients, and the client-side HTTP wrapper. */
export * from "./envelope.js";
export * from "./auth.js";
export * from "./org.js";
export * from "./home.js";
export * from "./integration.js";
export * from "./friends.js";
export * from "./attendance.js";
export * from "./files.js";
export * from "./sso.js";
export * from "./centrex.js";
export * from "./webhard.js";
export * from "./http-client.js";
