/**
 * The chat connection over Strophe.js (XMPP over WebSocket, spec §7.1): SASL PLAIN with the JID local part
 * `{loginId}.{domain}` and the access token as password. Reports Strophe's statuses by their spec §4 names.
 */
import { $pres, Strophe } from "strophe.js";
import type { OwnPresenceState } from "@moa/shared";
import { IqError, type ChatConnection } from "./chat-connection";
import type { ConnectionStatus } from "./connection-machine";

/** The RFC 6120 condition of an error stanza (its first child of `<error/>` that is not `<text/>`). */
function errorCondition(stanza: Element | null): string {
  if (!stanza) return "timeout";
  const error = stanza.getElementsByTagName("error")[0];
  const condition = [...(error?.children ?? [])].find(
    (child) => child.tagName !== "text",
  );
  return condition?.tagName ?? "undefined-condition";
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

/** How the connection notices a server that went silent without closing (a dead host, a network that dropped). */
export type SilenceLimits = {
  /** After this long without a byte from the server, the client pings it (XEP-0199). */
  silenceMs: number;
  /** The server has this long to answer; otherwise the connection counts as lost and is reconnected. */
  answerMs: number;
};

/**
 * A browser cannot see the server's WebSocket pings, and a connection whose far end vanished stays "open" until TCP
 * gives up many minutes later: meanwhile messages would sit unsent with no failure shown. A minute of silence is
 * unusual for a connection the server pings every 30 s with presence and room traffic besides, so the client asks.
 */
export const DEFAULT_SILENCE_LIMITS: SilenceLimits = {
  silenceMs: 60_000,
  answerMs: 15_000,
};

/** An XEP-0199 ping, built anew for each use (Strophe gives it an id). */
const pingIq = () =>
  new DOMParser().parseFromString(
    `<iq xmlns="jabber:client" type="get"><ping xmlns="urn:xmpp:ping"/></iq>`,
    "text/xml",
  ).documentElement;

/**
 * Watches a connected Strophe connection for silence: pings the server after `silenceMs` without input and closes the
 * connection when no answer comes within `answerMs` (its `disconnected` status then starts a reconnect).
 * @returns the function that stops watching.
 */
function watchSilence(
  conn: InstanceType<typeof Strophe.Connection>,
  limits: SilenceLimits,
): () => void {
  let lastHeard = Date.now();
  let asking = false;
  // Strophe passes every received frame's text; only its arrival matters here.
  conn.rawInput = () => {
    lastHeard = Date.now();
  };
  const check = () => {
    if (asking || !conn.connected || conn.disconnecting) return;
    if (Date.now() - lastHeard < limits.silenceMs) return;
    asking = true;
    conn.sendIQ(
      pingIq(),
      () => {
        asking = false;
      },
      (stanza) => {
        asking = false;
        // An error answer is still an answer; only a time-out (no stanza) means the server is gone.
        if (stanza === null) conn.disconnect("no answer to ping");
      },
      limits.answerMs,
    );
  };
  // A check every quarter of the silence: the ping goes out at most a quarter late, and busy connections cost a
  // timestamp per frame rather than a timer reset.
  const timer = setInterval(check, limits.silenceMs / 4);
  return () => clearInterval(timer);
}

/**
 * Creates a Strophe-backed connection to a chat server.
 * @param url - the WebSocket URL from the handshake (ends in /ws/).
 * @param silence - when a silent server is asked whether it is still there, and how long it has to answer.
 * @returns the connection.
 */
export function createStropheConnection(
  url: string,
  silence: SilenceLimits = DEFAULT_SILENCE_LIMITS,
): ChatConnection {
  // Every failure reaches us as a status with its condition (conflict, auth…), which the session reports; Strophe's
  // own console lines would only repeat them as errors (STACK.md suggests WARN; its stream errors log at ERROR).
  Strophe.setLogLevel(Strophe.LogLevel.FATAL);
  let conn: InstanceType<typeof Strophe.Connection> | undefined;
  // The failure callbacks of the current connection's iqs still waiting for an answer.
  let pending = new Set<(err: IqError) => void>();
  const listeners = new Set<(message: Element) => void>();
  const presenceListeners = new Set<(presence: Element) => void>();
  return {
    connect(jid, token, onStatus) {
      // The secret is an access token, which only PLAIN carries: the server also offers SCRAM for passwords, which
      // Strophe would otherwise prefer.
      const current = new Strophe.Connection(url, {
        protocol: "ws",
        mechanisms: [Strophe.SASLPlain],
      });
      conn = current;
      // This connection's own watch: a late status of an earlier connection must not stop it.
      let stopWatching = () => {};
      const waiting = new Set<(err: IqError) => void>();
      pending = waiting;
      // Handlers survive Strophe's connect(), and a new Connection is made per attempt: register once here.
      conn.addHandler(
        (message) => {
          for (const listener of listeners) listener(message);
          return true;
        },
        null,
        "message",
        null,
      );
      conn.addHandler(
        (presence) => {
          for (const listener of presenceListeners) listener(presence);
          return true;
        },
        null,
        "presence",
        null,
      );
      conn.connect(
        `${jid}/${WEB_RESOURCE}`,
        token,
        (status: number, condition?: string | null) => {
          // Strophe drops every handler when a connection ends, its iq timeouts included: an iq still waiting then
          // would never settle, and whoever awaits it (the room list's sync) would wait forever.
          if (status === Strophe.Status.CONNECTED) {
            stopWatching();
            stopWatching = watchSilence(current, silence);
          }
          if (status === Strophe.Status.DISCONNECTED) {
            stopWatching();
            for (const fail of [...waiting]) fail(new IqError("offline"));
          }
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
    send(stanza) {
      conn?.send(stanza);
    },
    sendIq(iq, timeoutMs) {
      const current = conn;
      if (!current?.connected) return Promise.reject(new IqError("offline"));
      const waiting = pending;
      return new Promise((resolve, reject) => {
        const fail = (err: IqError) => {
          waiting.delete(fail);
          reject(err);
        };
        waiting.add(fail);
        current.sendIQ(
          iq,
          (stanza) => {
            waiting.delete(fail);
            resolve(stanza);
          },
          (stanza) => {
            fail(new IqError(errorCondition(stanza)));
          },
          timeoutMs,
        );
      });
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => {
        presenceListeners.delete(listener);
      };
    },
  };
}
