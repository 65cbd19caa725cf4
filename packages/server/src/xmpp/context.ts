/** What the XMPP layer is built from: the services it calls and its settings. Assembled once by the plugin. */
import type { Logger } from "../logger.js";
import type { ChatBus } from "../bus/bus.js";
import type { AccessTokenVerifier, Actor } from "../services/auth/actor.js";
import type { ChatLoginService } from "../services/auth/chat-login.service.js";
import type { ChatServices } from "../services/chat/chat-services.js";
import type { XmppLimits } from "./stream/limits.js";
import type { SessionRegistry } from "./stream/session-registry.js";
import type { Router } from "./router.js";

/** Account operations the chat connection offers, provided by the identity and home services. */
export type AccountHooks = {
  /** Issues a fresh access token for the same login session (spec §7.8 token renew). */
  renewToken: (actor: Actor) => { token: string; expiresAt: Date };
  /** Sets the user's nickname (MSG_01); throws the spec's refusal when too long. */
  setNickname: (actor: Actor, nickname: string) => Promise<string>;
  /** Ends a login session opened by a password SASL login, when its stream's session ends. */
  endLogin: (actor: Actor) => Promise<void>;
};

export type XmppContext = {
  account: AccountHooks;
  verifier: AccessTokenVerifier;
  /** Password SASL logins (PLAIN with a password, SCRAM-SHA-256). */
  chatLogin: ChatLoginService;
  bus: ChatBus;
  chat: ChatServices;
  limits: XmppLimits;
  /** Milliseconds since the epoch; injected so tests control time. */
  now: () => number;
  logger: Logger;
  router: Router;
  sessions: SessionRegistry;
};
