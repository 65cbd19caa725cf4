/** What the XMPP layer is built from: the services it calls and its settings. Assembled once by the plugin. */
import type { Logger } from "../logger.js";
import type { ChatBus } from "../bus/bus.js";
import type { AccessTokenVerifier } from "../services/auth/actor.js";
import type { ChatServices } from "../services/chat/chat-services.js";
import type { XmppLimits } from "./stream/limits.js";
import type { SessionRegistry } from "./stream/session-registry.js";
import type { Router } from "./router.js";

export type XmppContext = {
  verifier: AccessTokenVerifier;
  bus: ChatBus;
  chat: ChatServices;
  limits: XmppLimits;
  /** Milliseconds since the epoch; injected so tests control time. */
  now: () => number;
  logger: Logger;
  router: Router;
  sessions: SessionRegistry;
};
