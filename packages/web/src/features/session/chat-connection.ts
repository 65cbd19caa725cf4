/**
 * The chat connection over Strophe.js (XMPP over WebSocket, spec §7.1): SASL PLAIN with the JID local part
 * `{loginId}.{domain}` and the access token as password. Reports Strophe's statuses by their spec §4 names.
 */
import { $pres, Strophe } from "strophe.js";
import type { OwnPresenceState } from "@moa/shared";
import type { ConnectionStatus } from "./connection-machine";

/** What the session needs from a chat connection; tests substitute a scripted one. */
export interface ChatConnection {
  /** Opens the connection; `onStatus` gets every status change with Strophe's condition. */
  connect(
    jid: string,
    token: string,
    onStatus: (status: ConnectionStatus, condition?: string) => void,
  ): void;
  /** Closes the connection (its `disconnected` status follows). */
  disconnect(why: string): void;
  /** Sends the own presence. */
  sendPresence(state: OwnPresenceState): void;
}

const STATUS_NAMES = new Map<number, ConnectionStatus>([
  [Strophe.Status.ERROR, "error"],
  [Strophe.Status.CONNECTING, "connecting"],
  [Strophe.Status.CONNFAIL, "connfail"],
  [Strophe.Status.CONNTIMEOUT, "connfail"],
  [Strophe.Status.AUTHENTICATING, "authenticating"],
  [Strophe.Status.AUTHFAIL, "authfail"],
  [Strophe.Status.CONNECTED, "connected"],
  [Strophe.Status.DISCONNECTED, "disconnected"],
  [Strophe.Status.DISCONNECTING, "disconnecting"],
  [Strophe.Status.ATTACHED, "attached"],
]);

// XMPP <show/> for the own states; "off" appears as extended away so the session stays alive.
const SHOW: Record<OwnPresenceState, string | null> = {
  on: null,
  away: "away",
  dnd: "dnd",
  off: "xa",
};

/** The resource of a browser session: one web-chat session per user, so a second login replaces the first (conflict). */
export const WEB_RESOURCE = "webchat";

/**
 * Creates a Strophe-backed connection to a chat server.
 * @param url - the WebSocket URL from the handshake (ends in /ws/).
 * @returns the connection.
 */
export function createStropheConnection(url: string): ChatConnection {
  // Every failure reaches us as a status with its condition (conflict, auth…), which the session reports; Strophe's
  // own console lines would only repeat them as errors (STACK.md suggests WARN; its stream errors log at ERROR).
  Strophe.setLogLevel(Strophe.LogLevel.FATAL);
  let conn: InstanceType<typeof Strophe.Connection> | undefined;
  return {
    connect(jid, token, onStatus) {
      conn = new Strophe.Connection(url, { protocol: "ws" });
      conn.connect(
        `${jid}/${WEB_RESOURCE}`,
        token,
        (status: number, condition?: string | null) => {
          const name = STATUS_NAMES.get(status);
          if (name) onStatus(name, condition ?? undefined);
        },
      );
    },
    disconnect(why) {
      conn?.disconnect(why);
    },
    sendPresence(state) {
      const show = SHOW[state];
      const pres = $pres();
      if (show) pres.c("show").t(show).up();
      conn?.send(pres.tree());
    },
  };
}
