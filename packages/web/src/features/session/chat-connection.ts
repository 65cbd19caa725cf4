/**
 * What the session needs from its chat connection (XMPP over WebSocket, spec §7.1). The Strophe.js implementation
 * lives in `strophe-connection.ts` and is loaded when the first connection opens, so the login screen does not
 * download an XMPP library it has no use for.
 */
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
  /** Sends a stanza that has no iq answer (room messages; their acknowledgement is their reflection). */
  send(stanza: Element): void;
  /**
   * Sends an iq and waits for its answer.
   * @returns the `result` iq; rejects with {@link IqError} on an `error` iq, a timeout or no connection.
   */
  sendIq(iq: Element, timeoutMs: number): Promise<Element>;
  /** Listens to every incoming `<message/>`, across reconnects; returns the unsubscribe function. */
  onMessage(listener: (message: Element) => void): () => void;
  /** Listens to every incoming `<presence/>` (other users' presence changes). */
  onPresence(listener: (presence: Element) => void): () => void;
}

/** An iq that failed: the server's error condition, `timeout`, or `offline` when there is no connection. */
export class IqError extends Error {
  constructor(readonly condition: string) {
    super(`iq failed: ${condition}`);
    this.name = "IqError";
  }
}
